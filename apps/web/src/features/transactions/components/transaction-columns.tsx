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
  /** The merchant's time zone, named in the date's header: the dates are in it. */
  readonly timeZone: string;
  /** The URL of a transaction's detail, keeping the list's filters. */
  readonly detailHref: (id: string) => string;
  /** Called as a transaction's link is followed, so that its detail is asked for at once. */
  readonly onOpen: (id: string) => void;
}

/**
 * The list's columns. The default ones fit a 1280 px screen with the amounts and the status in full;
 * the rest are offered in the column chooser. Dates are in the merchant's time zone, named in the
 * header; the status carries its partial label.
 */
export function transactionColumns({
  t,
  format,
  timeZone,
  detailHref,
  onOpen,
}: TransactionColumnsOptions): DataColumn<TransactionAnswer>[] {
  return columnsOf(
    {
      createdAt: { sortable: true, cell: (row) => format.dateTime(row.createdAt) },
      externalID: {
        sortable: true,
        // The row opens with a click or Enter; the link gives the row's name a link's meaning for
        // screen readers, without a second tab stop.
        cell: (row) => (
          <Anchor
            component={Link}
            to={detailHref(row.id)}
            tabIndex={-1}
            size="sm"
            onClick={() => {
              onOpen(row.id);
            }}
          >
            {row.externalID}
          </Anchor>
        ),
      },
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
      status: { cell: (row) => <TransactionStatusBadge label={row.label} /> },
      total: { sortable: true, align: 'end', cell: (row) => format.money(row.total) },
      settled: { sortable: true, align: 'end', cell: (row) => format.money(row.settled) },
      refunded: { sortable: true, align: 'end', cell: (row) => format.money(row.refunded) },
      id: {
        optional: true,
        cell: (row) => (
          <Text span size="sm" ff="monospace">
            {row.id}
          </Text>
        ),
      },
      program: { optional: true, cell: (row) => row.programName },
      product: { optional: true, cell: (row) => t(`product.${row.productType}`) },
      channel: { optional: true, cell: (row) => t(`channel.${row.channel}`) },
      location: { optional: true, cell: (row) => row.locationName ?? '—' },
    },
    (id) => t(`columns.${id}`, { timeZone }),
  );
}
