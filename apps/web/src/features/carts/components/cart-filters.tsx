import { CART_STATUSES } from '@portal/contracts/carts';
import type { TFunction } from 'i18next';
import { filtersOf, type FilterDeclaration } from '../../../components/data-table/filters/list-filters';
import type { CartListState } from '../list-params';

const filter = filtersOf<CartListState>();

/** The cart list's search, status and creation-date filters (days of creation are UTC days). */
export function cartFilters(t: TFunction<'carts'>): FilterDeclaration<CartListState> {
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
        options: CART_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) })),
      }),
      filter.dateRange({ from: 'from', to: 'to', name: 'date', label: t('filters.date'), timeZone: 'UTC' }),
    ],
  };
}
