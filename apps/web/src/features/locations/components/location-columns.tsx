import { Anchor } from '@mantine/core';
import type { Location } from '@portal/contracts/locations';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { columnsOf, type DataColumn } from '../../../components/data-table/data-table';
import type { Formatters } from '../../../lib/format/use-formatters';
import { LocationStatusBadge } from './location-status-badge';

export interface LocationColumnsOptions {
  readonly t: TFunction<'locations'>;
  readonly format: Formatters;
  readonly detailHref: (id: string) => string;
}

/** The location list's columns: a sortable column's id is the API's sort name. */
export function locationColumns({ t, format, detailHref }: LocationColumnsOptions): DataColumn<Location>[] {
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
      storeNumber: { sortable: true, cell: (row) => row.storeNumber },
      city: { sortable: true, cell: (row) => `${row.city}, ${row.region}` },
      phone: { cell: (row) => row.phone },
      status: { sortable: true, cell: (row) => <LocationStatusBadge status={row.status} /> },
      timeZone: { optional: true, cell: (row) => row.timeZone.replaceAll('_', ' ') },
      createdAt: { sortable: true, optional: true, cell: (row) => format.dateTime(row.createdAt) },
    },
    (id) => t(`columns.${id}`),
  );
}
