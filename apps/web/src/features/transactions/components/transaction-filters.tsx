import { CHANNELS, PRODUCT_TYPES } from '@portal/contracts/enums';
import type { Currency } from '@portal/contracts/money';
import { TRANSACTION_STATUSES } from '@portal/contracts/transactions';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter } from '../../../components/data-table/filters/date-range-filter';
import { FilterBar } from '../../../components/data-table/filters/filter-bar';
import {
  MultiSelectFilter,
  type FilterOption,
} from '../../../components/data-table/filters/multi-select-filter';
import { NumberRangeFilter } from '../../../components/data-table/filters/number-range-filter';
import { SearchFilter } from '../../../components/data-table/filters/search-filter';
import { SelectFilter } from '../../../components/data-table/filters/select-filter';
import { listFilterEvents } from '../../../lib/analytics/list-filter-events';
import type { ListState } from '../../../lib/url-state/list-state';
import { useTransactionLocations } from '../api/transaction-locations';
import type { TransactionListState } from '../list-params';
import { toMajorUnits, toMinorUnits } from '../minor-units';

const events = listFilterEvents('transactions');

function toMajor(minor: number | undefined): number | undefined {
  return minor === undefined ? undefined : toMajorUnits(minor);
}

function toMinor(major: number | undefined): number | undefined {
  return major === undefined ? undefined : toMinorUnits(major);
}

/** How many filters are set; a range (dates, amounts) counts once. The search is not a filter here. */
function activeFilterCount(state: TransactionListState): number {
  return [
    state.status.length > 0,
    state.from !== undefined || state.to !== undefined,
    state.programID.length > 0,
    state.locationID !== undefined,
    state.productType !== undefined,
    state.channel !== undefined,
    state.minAmount !== undefined || state.maxAmount !== undefined,
  ].filter(Boolean).length;
}

export interface TransactionFiltersProps {
  readonly list: ListState<TransactionListState>;
  readonly merchantId: string;
  /** The programs of the header's selection: the program filter narrows within them. */
  readonly programs: readonly FilterOption<string>[];
  readonly timeZone: string;
  readonly currency: Currency;
  /** Beside the search: the column chooser and the export. */
  readonly actions: ReactNode;
}

/** The transaction list's search and filters (issue 4), each written to the URL. */
export function TransactionFilters({
  list,
  merchantId,
  programs,
  timeZone,
  currency,
  actions,
}: TransactionFiltersProps) {
  const { t } = useTranslation('transactions');
  const locations = useTransactionLocations(merchantId);
  const { params, setFilters } = list;

  return (
    <FilterBar
      label={t('list.filterLabel')}
      activeCount={activeFilterCount(params)}
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
        options={TRANSACTION_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
        value={params.status}
        onChange={(status) => {
          setFilters({ status });
          events.applied('status');
        }}
      />
      <DateRangeFilter
        label={t('filters.date')}
        timeZone={timeZone}
        value={{ from: params.from, to: params.to }}
        onChange={({ from, to }) => {
          setFilters({ from, to });
          events.applied('date');
        }}
      />
      {programs.length > 1 && (
        <MultiSelectFilter
          label={t('filters.program')}
          options={programs}
          value={params.programID.filter((id) => programs.some((program) => program.value === id))}
          onChange={(programID) => {
            setFilters({ programID });
            events.applied('program');
          }}
        />
      )}
      <SelectFilter
        label={t('filters.location')}
        searchable
        options={(locations.data ?? []).map((location) => ({
          value: location.id,
          label: `${location.name} (${location.storeNumber})`,
        }))}
        value={params.locationID}
        onChange={(locationID) => {
          setFilters({ locationID });
          events.applied('location');
        }}
      />
      <SelectFilter
        label={t('filters.product')}
        options={PRODUCT_TYPES.map((product) => ({ value: product, label: t(`product.${product}`) }))}
        value={params.productType}
        onChange={(productType) => {
          setFilters({ productType });
          events.applied('product');
        }}
      />
      <SelectFilter
        label={t('filters.channel')}
        options={CHANNELS.map((channel) => ({ value: channel, label: t(`channel.${channel}`) }))}
        value={params.channel}
        onChange={(channel) => {
          setFilters({ channel });
          events.applied('channel');
        }}
      />
      <NumberRangeFilter
        label={t('filters.amount', { currency })}
        decimalScale={2}
        value={{ min: toMajor(params.minAmount), max: toMajor(params.maxAmount) }}
        onChange={({ min, max }) => {
          setFilters({ minAmount: toMinor(min), maxAmount: toMinor(max) });
          events.applied('amount');
        }}
      />
    </FilterBar>
  );
}
