import { Anchor } from '@mantine/core';
import { PAGES, href } from '@portal/contracts/routes';
import type { Deposit, DepositEvent } from '@portal/contracts/settlement';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { columnsOf, DataTable } from '../../../components/data-table/data-table';
import type { Formatters } from '../../../lib/format/use-formatters';

export interface DepositEventsProps {
  /** The deposit: its fees and net are its events' (all pages), shown below them. */
  readonly deposit: Deposit;
  /** A page of the deposit's events, in time order (the server's: it sorts by nothing else). */
  readonly events: readonly DepositEvent[];
  /** Another page is loading while this one stays. */
  readonly refreshing: boolean;
  readonly format: Formatters;
}

/** A deposit's funding events with the columns of the specification, each linking to its transaction. */
export function DepositEvents({ deposit, events, refreshing, format }: DepositEventsProps) {
  const { t } = useTranslation('settlement');
  const columns = useMemo(() => {
    // A fee of no one transaction (the monthly platform fee) has nothing in the transaction's columns.
    const ofTransaction =
      (cell: (transaction: NonNullable<DepositEvent['transaction']>) => string) => (event: DepositEvent) =>
        event.transaction === null ? '—' : cell(event.transaction);
    return columnsOf<
      DepositEvent,
      | 'depositDate'
      | 'bankRequestedOn'
      | 'eventAt'
      | 'customerName'
      | 'product'
      | 'transactionId'
      | 'externalID'
      | 'transactionCreatedAt'
      | 'transactionAmount'
      | 'type'
      | 'amount'
      | 'fee'
      | 'transactionFee'
      | 'net'
    >(
      {
        depositDate: { cell: (event) => event.depositDate },
        bankRequestedOn: { cell: (event) => event.bankRequestedOn },
        eventAt: { cell: (event) => format.dateTime(event.eventAt) },
        customerName: { cell: ofTransaction((transaction) => transaction.customerName) },
        product: { cell: ofTransaction((transaction) => t(`products.${transaction.productType}`)) },
        transactionId: {
          cell: (event) =>
            event.transaction === null ? (
              t('events.platformFee')
            ) : (
              <Anchor
                component={Link}
                to={href(PAGES.transaction.path, { transactionId: event.transaction.id })}
                ff="monospace"
                size="sm"
              >
                {event.transaction.id.slice(0, 8)}
              </Anchor>
            ),
        },
        externalID: { cell: ofTransaction((transaction) => transaction.externalID) },
        transactionCreatedAt: {
          cell: ofTransaction((transaction) => format.dateTime(transaction.createdAt)),
        },
        transactionAmount: {
          align: 'end',
          cell: ofTransaction((transaction) => format.money(transaction.total)),
        },
        type: { cell: (event) => t(`types.${event.type}`) },
        amount: { align: 'end', cell: (event) => format.money(event.amount) },
        fee: { align: 'end', cell: (event) => format.money(event.fee) },
        transactionFee: { align: 'end', cell: ofTransaction((transaction) => format.money(transaction.fee)) },
        net: { align: 'end', cell: (event) => format.money(event.net) },
      },
      (id) => t(`events.${id}`),
    );
  }, [t, format]);
  return (
    <DataTable
      label={t('events.label')}
      columns={columns}
      rows={events}
      status="success"
      refreshing={refreshing}
      getRowId={(event) => event.id}
      skeletonRows={10}
      minWidth={1400}
      focusableFrame
      empty={t('events.empty')}
      totals={{
        label: t('events.total', { count: deposit.count }),
        cells: { fee: format.money(deposit.fees), net: format.money(deposit.net) },
      }}
    />
  );
}
