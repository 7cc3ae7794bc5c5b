import { Anchor, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { columnsOf, type DataColumn } from '../../../components/data-table/data-table';
import type { TransactionAnswer } from '../api/transaction-schemas';
import type { Formatters } from '../../../lib/format/use-formatters';
import { TransactionStatusBadge } from './transaction-status-badge';

export interface TransactionColumnsOptions {
  readonly t: TFunction<'transactions'>;
  readonly format: Formatters;
  /** The URL of a transaction's detail, keeping the list's filters. */
  readonly detailHref: (id: string) => string;
}

/** The list's columns (issue 4): dates in the merchant's time zone, status with its partial label. */
export function transactionColumns({
  t,
  format,
  detailHref,
}: TransactionColumnsOptions): DataColumn<TransactionAnswer>[] {
  return columnsOf(
    {
      createdAt: { sortable: true, cell: (row) => format.dateTime(row.createdAt) },
      id: {
        // The row opens with a click or Enter; the link gives the row's name a link's meaning for
        // screen readers, without a second tab stop.
        cell: (row) => (
          <Anchor component={Link} to={detailHref(row.id)} tabIndex={-1} ff="monospace" size="sm">
            {row.id}
          </Anchor>
        ),
      },
      externalID: { cell: (row) => row.externalID },
      customer: {
        cell: (row) => (
          <Stack gap={0}>
            <Text size="sm">{row.customer.name}</Text>
            <Text size="xs" c="dark.4">
              {row.customer.email}
            </Text>
          </Stack>
        ),
      },
      program: { cell: (row) => row.programName },
      product: { cell: (row) => t(`product.${row.productType}`) },
      channel: { cell: (row) => t(`channel.${row.channel}`) },
      location: { cell: (row) => row.locationName ?? '—' },
      status: { cell: (row) => <TransactionStatusBadge label={row.label} /> },
      total: { sortable: true, align: 'end', cell: (row) => format.money(row.total) },
      settled: { align: 'end', cell: (row) => format.money(row.settled) },
      refunded: { align: 'end', cell: (row) => format.money(row.refunded) },
    },
    (id) => t(`columns.${id}`),
  );
}
