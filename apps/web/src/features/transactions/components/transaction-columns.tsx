import { Anchor, Stack, Text } from '@mantine/core';
import type { CSSProperties } from 'react';
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

/*
 * The order's link and the customer's lines are plain elements with the classes, attributes and
 * variables Mantine's Anchor, Stack and Text give them: they are repeated on every row of a page, where
 * the components' props and theme styles per element took much of the rows' rendering
 * (docs/decisions/0027). The id column, shown on request, keeps Text.
 */
const TEXT_CLASS = `mantine-focus-auto ${Text.classes.root} mantine-Text-root`;
const LINK_CLASS = `mantine-focus-auto ${Anchor.classes.root} ${Text.classes.root} mantine-Text-root mantine-Anchor-root`;
const STACK_CLASS = `${Stack.classes.root} mantine-Stack-root`;
const STACK_STYLE = {
  '--stack-gap': '0rem',
  '--stack-align': 'stretch',
  '--stack-justify': 'flex-start',
} as CSSProperties;
const SMALL_TEXT = {
  '--text-fz': 'var(--mantine-font-size-sm)',
  '--text-lh': 'var(--mantine-line-height-sm)',
} as CSSProperties;
const EMAIL_TEXT = {
  '--text-fz': 'var(--mantine-font-size-xs)',
  '--text-lh': 'var(--mantine-line-height-xs)',
  color: 'var(--mantine-color-dark-4)',
} as CSSProperties;

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
          <Link
            className={LINK_CLASS}
            data-size="sm"
            data-underline="hover"
            style={SMALL_TEXT}
            to={detailHref(row.id)}
            tabIndex={-1}
            onClick={() => {
              onOpen(row.id);
            }}
          >
            {row.externalID}
          </Link>
        ),
      },
      customer: {
        cell: (row) => (
          <div className={STACK_CLASS} style={STACK_STYLE}>
            <p className={TEXT_CLASS} data-size="sm" style={SMALL_TEXT}>
              {row.customer.name}
            </p>
            <p className={TEXT_CLASS} data-size="xs" style={EMAIL_TEXT}>
              {row.customer.email}
            </p>
          </div>
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
