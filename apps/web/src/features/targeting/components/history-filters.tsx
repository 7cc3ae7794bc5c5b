import type { TargetingExporters } from '@portal/contracts/targeting';
import type { TFunction } from 'i18next';
import { filtersOf, type FilterDeclaration } from '../../../components/data-table/filters/list-filters';
import type { HistoryListState } from '../history-params';

const filter = filtersOf<HistoryListState>();

export interface HistoryFiltersOptions {
  readonly t: TFunction<'targeting'>;
  /** The users who exported; none until they have arrived. */
  readonly exporters: TargetingExporters | undefined;
  /** The merchant's: the days are the merchant's. */
  readonly timeZone: string;
}

/** The history's filters: by the user who exported and the days it was taken on. */
export function historyFilters({
  t,
  exporters,
  timeZone,
}: HistoryFiltersOptions): FilterDeclaration<HistoryListState> {
  return {
    filters: [
      filter.select({
        key: 'userId',
        name: 'user',
        label: t('history.filterUser'),
        searchable: true,
        options: (exporters?.users ?? []).map((user) => ({ value: user.userId, label: user.email })),
      }),
      filter.dateRange({ from: 'from', to: 'to', name: 'date', label: t('history.filterDate'), timeZone }),
    ],
  };
}
