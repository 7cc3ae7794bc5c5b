import { Anchor, Stack, Text } from '@mantine/core';
import type { Deposit, DepositStatus, SettlementReport, SettlementSums } from '@portal/contracts/settlement';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { columnsOf, DataTable } from '../../../components/data-table/data-table';
import { StatusBadge, type StatusColors } from '../../../components/status-badge';
import type { Formatters } from '../../../lib/format/use-formatters';

const DEPOSIT_STATUS_COLORS: StatusColors<DepositStatus> = { PAID: 'teal', SCHEDULED: 'gray' };

/** The sums of a deposit (or of the range) as table cells, by column id. */
function sumCells(sums: SettlementSums, format: Formatters) {
  return {
    count: format.count(sums.count),
    settlements: format.money(sums.settlements),
    refunds: format.money(sums.refunds),
    chargebacks: format.money(sums.chargebacks),
    fees: format.money(sums.fees),
    net: format.money(sums.net),
  };
}

export interface DepositTableProps {
  /** The report of the range; undefined while it loads or when it failed. */
  readonly report: SettlementReport | undefined;
  readonly status: 'pending' | 'error' | 'success';
  readonly error: unknown;
  readonly onRetry: () => void;
  /** Another range is loading while this one's deposits stay. */
  readonly refreshing: boolean;
  readonly format: Formatters;
  readonly onOpen: (deposit: Deposit) => void;
  /** The deposit open in the drawer: focus goes back to its row when the drawer closes. */
  readonly openDepositId: string | undefined;
}

/**
 * The range's deposits, newest first (the server's order: it sorts by nothing else), with the range's
 * totals below them. A row opens its deposit; its bank reference is the button that says so.
 */
export function DepositTable({
  report,
  status,
  error,
  onRetry,
  refreshing,
  format,
  onOpen,
  openDepositId,
}: DepositTableProps) {
  const { t } = useTranslation('settlement');
  const columns = useMemo(
    () =>
      columnsOf<
        Deposit,
        | 'date'
        | 'bankReference'
        | 'status'
        | 'count'
        | 'settlements'
        | 'refunds'
        | 'chargebacks'
        | 'fees'
        | 'net'
      >(
        {
          date: { cell: (deposit) => deposit.depositDate },
          bankReference: {
            cell: (deposit) => (
              <Anchor
                component="button"
                type="button"
                onClick={() => {
                  onOpen(deposit);
                }}
              >
                {deposit.bankReference}
              </Anchor>
            ),
          },
          status: {
            cell: (deposit) => (
              <StatusBadge status={deposit.status} colors={DEPOSIT_STATUS_COLORS}>
                {t(`status.${deposit.status}`)}
              </StatusBadge>
            ),
          },
          count: { align: 'end', cell: (deposit) => format.count(deposit.count) },
          settlements: { align: 'end', cell: (deposit) => format.money(deposit.settlements) },
          refunds: { align: 'end', cell: (deposit) => format.money(deposit.refunds) },
          chargebacks: { align: 'end', cell: (deposit) => format.money(deposit.chargebacks) },
          fees: { align: 'end', cell: (deposit) => format.money(deposit.fees) },
          net: { align: 'end', cell: (deposit) => format.money(deposit.net) },
        },
        (id) => t(`deposits.${id}`),
      ),
    [t, format, onOpen],
  );
  return (
    <DataTable
      label={t('deposits.label')}
      columns={columns}
      rows={report?.deposits}
      status={status}
      error={error}
      onRetry={onRetry}
      refreshing={refreshing}
      getRowId={(deposit) => deposit.id}
      onRowOpen={onOpen}
      activeRowId={openDepositId}
      skeletonRows={5}
      minWidth={900}
      empty={
        report && (
          <Stack gap={4} align="center">
            <Text fw={600}>{t('empty.title')}</Text>
            <Text size="sm">
              {t('empty.body', { from: report.from, to: report.to, zone: report.timeZone })}
            </Text>
          </Stack>
        )
      }
      totals={
        report && {
          label: t('deposits.total', { count: report.deposits.length }),
          cells: sumCells(report.totals, format),
        }
      }
    />
  );
}
