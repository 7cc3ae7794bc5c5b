import { CART_STATUSES } from '@portal/contracts/carts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter } from '../../../components/data-table/filters/date-range-filter';
import { FilterBar } from '../../../components/data-table/filters/filter-bar';
import { MultiSelectFilter } from '../../../components/data-table/filters/multi-select-filter';
import { SearchFilter } from '../../../components/data-table/filters/search-filter';
import { listFilterEvents } from '../../../lib/analytics/list-filter-events';
import type { ListState } from '../../../lib/url-state/list-state';
import type { CartListState } from '../list-params';

const events = listFilterEvents('carts');

export interface CartFiltersProps {
  readonly list: ListState<CartListState>;
  readonly actions: ReactNode;
}

/** The cart list's search, status and creation-date filters, each written to the URL. */
export function CartFilters({ list, actions }: CartFiltersProps) {
  const { t } = useTranslation('carts');
  const { params, setFilters } = list;
  const activeCount = [params.status.length > 0, params.from !== undefined || params.to !== undefined].filter(
    Boolean,
  ).length;

  return (
    <FilterBar
      label={t('list.filterLabel')}
      activeCount={activeCount}
      hasFilters={list.hasFilters}
      onClear={list.clearFilters}
      actions={actions}
      search={
        <SearchFilter
          label={t('filters.search')}
          placeholder={t('filters.searchPlaceholder')}
          value={params.search}
          onChange={(search) => {
            setFilters({ search });
            events.searched(search);
          }}
        />
      }
    >
      <MultiSelectFilter
        label={t('filters.status')}
        options={CART_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
        value={params.status}
        onChange={(status) => {
          setFilters({ status });
          events.applied('status');
        }}
      />
      <DateRangeFilter
        label={t('filters.date')}
        timeZone="UTC"
        value={{ from: params.from, to: params.to }}
        onChange={({ from, to }) => {
          setFilters({ from, to });
          events.applied('date');
        }}
      />
    </FilterBar>
  );
}
