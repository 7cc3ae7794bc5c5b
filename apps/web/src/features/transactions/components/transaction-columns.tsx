import { Anchor, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import type { DataColumn } from '../../../components/data-table/data-table';
import type { TransactionAnswer } from '../api/transaction-schemas';
import type { Formatters } from '../use-formatters';
import { StatusBadge } from './status-badge';

export const TRANSACTION_COLUMN_IDS = [
  'createdAt',
  'id',
  'externalID',
  'customer',
  'program',
  'product',
  'channel',
  'location',
  'status',
  'total',
  'settled',
  'refunded',
] as const;
type TransactionColumnId = (typeof TRANSACTION_COLUMN_IDS)[number];

/** The key under which the column choice is remembered (`portal.columns.transactions`). */
export const TRANSACTION_COLUMNS_LIST = 'transactions';

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
  const cells: Record<TransactionColumnId, Omit<DataColumn<TransactionAnswer>, 'id' | 'header'>> = {
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
    status: { cell: (row) => <StatusBadge label={row.label} /> },
    total: { sortable: true, align: 'end', cell: (row) => format.money(row.total) },
    settled: { align: 'end', cell: (row) => format.money(row.settled) },
    refunded: { align: 'end', cell: (row) => format.money(row.refunded) },
  };
  return TRANSACTION_COLUMN_IDS.map((id) => ({ id, header: t(`columns.${id}`), ...cells[id] }));
}
