import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Locale } from '@portal/contracts/brands';
import { SCOPES, hasScope } from '@portal/contracts/scopes';
import { SETTLEMENT_MAX_RANGE_DAYS, type Deposit } from '@portal/contracts/settlement';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { dayIn } from '../../lib/dates/day-ranges';
import { ExportButton } from '../../components/data-table/export-button';
import { ErrorMessageBox } from '../../components/error-message-box';
import { LoadingPage } from '../../components/loading-page';
import { PageTitle } from '../../components/page-title';
import { useCurrentMerchant } from '../../features/merchants/api/current-merchant';
import { downloadSettlement } from '../../features/settlement/api/export-settlement';
import { useNextDeposit } from '../../features/settlement/api/next-deposit';
import { useSettlementReport } from '../../features/settlement/api/settlement-report';
import { DepositDrawer } from '../../features/settlement/components/deposit-drawer';
import { DepositTable } from '../../features/settlement/components/deposit-table';
import { NetFormula } from '../../features/settlement/components/net-formula';
import { ProgramBreakdown } from '../../features/settlement/components/program-breakdown';
import { DayRangePicker } from '../../components/day-range-picker';
import { SummaryRecipients } from '../../features/settlement/components/summary-recipients';
import { chosenRange, SETTLEMENT_PRESETS, settlementUrl } from '../../features/settlement/settlement-url';
import { useAuth } from '../../lib/auth/auth-context';
import { useFormatters } from '../../lib/format/use-formatters';
import { currentMerchantId } from '../../lib/merchant-selection/merchant-selection';
import { useUrlState } from '../../lib/url-state/url-state';

interface SettlementPageProps {
  readonly merchantId: string;
  readonly timeZone: string;
  readonly scopes: readonly string[];
}

function NextDeposit({ merchantId, timeZone }: Omit<SettlementPageProps, 'scopes'>) {
  const { t } = useTranslation('settlement');
  const format = useFormatters(timeZone);
  const next = useNextDeposit(merchantId);
  if (next.data === undefined || next.data === null) return null;
  return (
    <Paper withBorder p="sm" aria-labelledby="next-deposit">
      <Text fw={600} id="next-deposit">
        {t('next.title')}
      </Text>
      <Text size="sm">
        {t('next.line', {
          date: format.day(next.data.depositDate),
          amount: format.money(next.data.net),
          count: next.data.count,
        })}
      </Text>
    </Paper>
  );
}

/**
 * The settlement report: the deposits of a range of the merchant's days with their sums as a formula a
 * merchant can check, fees and net by program, one deposit's funding events in a drawer, the next
 * deposit, the downloads, and (ADMIN) who receives the summary e-mail. All of it in the URL.
 */
function SettlementPage({ merchantId, timeZone, scopes }: SettlementPageProps) {
  const { t } = useTranslation('settlement');
  const format = useFormatters(timeZone);
  const [state, setState] = useUrlState(settlementUrl);
  const today = dayIn(timeZone, new Date());
  const chosen = chosenRange(state, today);
  const report = useSettlementReport(merchantId, chosen.problem === null ? chosen.range : undefined);
  // A range that failed shows its error, not the previous range's deposits.
  const shown = report.isError ? undefined : report.data;
  const openDeposit = useCallback(
    (deposit: Deposit) => {
      setState((current) => ({ ...current, deposit: deposit.id, offset: undefined }));
    },
    [setState],
  );
  const download = (fileFormat: 'csv' | 'xlsx') => (locale: Locale) =>
    downloadSettlement(fileFormat, chosen.range, locale);

  return (
    <Stack gap="md">
      <PageTitle page="settlementReport" />
      <NextDeposit merchantId={merchantId} timeZone={timeZone} />
      <DayRangePicker
        namespace="settlement"
        presets={SETTLEMENT_PRESETS}
        maxDays={SETTLEMENT_MAX_RANGE_DAYS}
        choice={chosen.choice}
        range={chosen.range}
        problem={chosen.problem}
        today={today}
        timeZone={timeZone}
        onPreset={(preset) => {
          setState((current) => ({ ...current, preset, from: undefined, to: undefined }));
        }}
        onCustom={(range) => {
          setState((current) => ({ ...current, preset: undefined, ...range }));
        }}
      />
      {chosen.problem === null && (
        <Stack gap="md" aria-busy={report.isFetching}>
          {shown !== undefined && shown.deposits.length > 0 && (
            <>
              <Group justify="space-between" wrap="wrap">
                <Text size="sm">
                  {t('summary', {
                    count: shown.deposits.length,
                    from: shown.from,
                    to: shown.to,
                    zone: shown.timeZone,
                  })}
                </Text>
                <Group gap="xs">
                  <ExportButton name="settlement-csv" onExport={download('csv')} label={t('export.csv')} />
                  <ExportButton name="settlement-xlsx" onExport={download('xlsx')} label={t('export.xlsx')} />
                </Group>
              </Group>
              <NetFormula sums={shown.totals} format={format} />
            </>
          )}
          <DepositTable
            report={shown}
            status={report.isError ? 'error' : shown ? 'success' : 'pending'}
            error={report.error}
            onRetry={() => void report.refetch()}
            refreshing={report.isPlaceholderData}
            format={format}
            onOpen={openDeposit}
            openDepositId={state.deposit}
          />
          {shown !== undefined && shown.deposits.length > 0 && (
            <>
              <Title order={2} size="h3">
                {t('programs.title')}
              </Title>
              <Text size="sm">{t('programs.intro')}</Text>
              <ProgramBreakdown report={shown} format={format} />
            </>
          )}
        </Stack>
      )}
      {hasScope(scopes, SCOPES.usersWrite) && <SummaryRecipients merchantId={merchantId} />}
      <DepositDrawer
        merchantId={merchantId}
        depositId={state.deposit}
        offset={state.offset ?? 0}
        format={format}
        onClose={() => {
          setState((current) => ({ ...current, deposit: undefined, offset: undefined }));
        }}
        onOffset={(offset) => {
          setState((current) => ({ ...current, offset }));
        }}
      />
    </Stack>
  );
}

function SettlementForMerchant({ merchantId, scopes }: Omit<SettlementPageProps, 'timeZone'>) {
  const merchant = useCurrentMerchant(merchantId);
  if (merchant.isError) {
    return <ErrorMessageBox error={merchant.error} onRetry={() => void merchant.refetch()} />;
  }
  if (merchant.data === undefined) return <LoadingPage />;
  return <SettlementPage merchantId={merchantId} timeZone={merchant.data.timeZone} scopes={scopes} />;
}

export function Component() {
  const { claims } = useAuth();
  const merchantId = claims ? currentMerchantId(claims) : null;
  // The signed-in shell renders pages only with a token for a chosen merchant.
  if (!claims || merchantId === null) return null;
  return <SettlementForMerchant key={merchantId} merchantId={merchantId} scopes={claims.scp} />;
}
