import { LOCATION_STATUSES } from '@portal/contracts/locations';
import type { TFunction } from 'i18next';
import { filtersOf, type FilterDeclaration } from '../../../components/data-table/filters/list-filters';
import type { LocationListState } from '../list-params';

const filter = filtersOf<LocationListState>();

/** The location list's search (name, store number, city) and status filter. */
export function locationFilters(t: TFunction<'locations'>): FilterDeclaration<LocationListState> {
  return {
    search: filter.search({
      key: 'search',
      label: t('filters.search'),
      placeholder: t('filters.searchPlaceholder'),
    }),
    filters: [
      filter.multiSelect({
        key: 'status',
        name: 'status',
        label: t('filters.status'),
        options: LOCATION_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) })),
      }),
    ],
  };
}
