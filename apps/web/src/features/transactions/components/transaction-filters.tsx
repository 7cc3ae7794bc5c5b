import { CHANNELS, PRODUCT_TYPES } from '@portal/contracts/enums';
import type { Currency } from '@portal/contracts/money';
import { TRANSACTION_STATUSES, type LocationOption } from '@portal/contracts/transactions';
import type { TFunction } from 'i18next';
import type { FilterOption } from '../../../components/data-table/filters/multi-select-filter';
import { filtersOf, type FilterDeclaration } from '../../../components/data-table/filters/list-filters';
import type { TransactionListState } from '../list-params';

const filter = filtersOf<TransactionListState>();

export interface TransactionFiltersOptions {
  readonly t: TFunction<'transactions'>;
  /** The programs of the header's selection: the program filter narrows within them. */
  readonly programs: readonly FilterOption<string>[];
  readonly locations: readonly LocationOption[];
  readonly timeZone: string;
  readonly currency: Currency;
}

/** The transaction list's search and filters (issue 4). Amounts are typed in dollars, cents in the URL. */
export function transactionFilters({
  t,
  programs,
  locations,
  timeZone,
  currency,
}: TransactionFiltersOptions): FilterDeclaration<TransactionListState> {
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
        options: TRANSACTION_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) })),
      }),
      filter.dateRange({ from: 'from', to: 'to', name: 'date', label: t('filters.date'), timeZone }),
      // One program leaves nothing to choose between.
      ...(programs.length > 1
        ? [
            filter.multiSelect({
              key: 'programID',
              name: 'program',
              label: t('filters.program'),
              options: programs,
            }),
          ]
        : []),
      filter.select({
        key: 'locationID',
        name: 'location',
        label: t('filters.location'),
        searchable: true,
        options: locations.map((location) => ({
          value: location.id,
          label: `${location.name} (${location.storeNumber})`,
        })),
      }),
      filter.select({
        key: 'productType',
        name: 'product',
        label: t('filters.product'),
        options: PRODUCT_TYPES.map((product) => ({ value: product, label: t(`product.${product}`) })),
      }),
      filter.select({
        key: 'channel',
        name: 'channel',
        label: t('filters.channel'),
        options: CHANNELS.map((channel) => ({ value: channel, label: t(`channel.${channel}`) })),
      }),
      filter.moneyRange({
        min: 'minAmount',
        max: 'maxAmount',
        name: 'amount',
        label: t('filters.amount', { currency }),
      }),
    ],
  };
}
