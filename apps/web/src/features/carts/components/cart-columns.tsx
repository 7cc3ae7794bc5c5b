import { Anchor, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { columnsOf, type DataColumn } from '../../../components/data-table/data-table';
import type { Formatters } from '../../../lib/format/use-formatters';
import type { CartSummaryAnswer } from '../api/cart-schemas';
import { CartStatusBadge } from './cart-status-badge';

export interface CartColumnsOptions {
  readonly t: TFunction<'carts'>;
  readonly format: Formatters;
  readonly detailHref: (id: string) => string;
}

/** The cart list's columns (issue 5). */
export function cartColumns({ t, format, detailHref }: CartColumnsOptions): DataColumn<CartSummaryAnswer>[] {
  return columnsOf(
    {
      name: {
        sortable: true,
        // The row opens with a click or Enter; the link gives the name a link's meaning without a second
        // tab stop.
        cell: (row) => (
          <Anchor component={Link} to={detailHref(row.id)} tabIndex={-1} size="sm">
            {row.name}
          </Anchor>
        ),
      },
      orderReference: { cell: (row) => row.orderReference },
      shopper: {
        cell: (row) => (
          <Stack gap={0}>
            <Text size="sm">{row.shopperName}</Text>
            <Text size="xs" c="dark.4">
              {row.shopperEmail}
            </Text>
          </Stack>
        ),
      },
      total: {
        sortable: true,
        align: 'end',
        cell: (row) => format.money({ currency: row.currency, value: row.total }),
      },
      status: { cell: (row) => <CartStatusBadge status={row.status} /> },
      createdBy: { cell: (row) => row.createdBy },
      createdAt: { sortable: true, cell: (row) => format.dateTime(row.createdAt) },
      expiresAt: { sortable: true, cell: (row) => format.dateTime(row.expiresAt) },
    },
    (id) => t(`columns.${id}`),
  );
}
