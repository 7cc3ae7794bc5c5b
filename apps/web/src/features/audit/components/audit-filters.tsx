import type { AuditFacets } from '@portal/contracts/audit';
import type { TFunction } from 'i18next';
import { filtersOf, type FilterDeclaration } from '../../../components/data-table/filters/list-filters';
import type { AuditListState } from '../list-params';

const filter = filtersOf<AuditListState>();

export interface AuditFiltersOptions {
  readonly t: TFunction<'audit'>;
  /** The users and kinds the log holds; none until they have arrived. */
  readonly facets: AuditFacets | undefined;
  readonly kindLabel: (kind: string) => string;
  /** The merchant's: the days are the merchant's. */
  readonly timeZone: string;
}

/** The audit log's filters: by user, kind, and days. The log has no search. */
export function auditFilters({
  t,
  facets,
  kindLabel,
  timeZone,
}: AuditFiltersOptions): FilterDeclaration<AuditListState> {
  return {
    filters: [
      filter.select({
        key: 'actorUserId',
        name: 'user',
        label: t('filters.user'),
        searchable: true,
        options: (facets?.actors ?? []).map((actor) => ({
          value: actor.userId,
          label: actor.email ?? t('actor.removedUser'),
        })),
      }),
      filter.select({
        key: 'kind',
        name: 'kind',
        label: t('filters.kind'),
        options: (facets?.kinds ?? []).map((kind) => ({ value: kind, label: kindLabel(kind) })),
      }),
      filter.dateRange({ from: 'from', to: 'to', name: 'date', label: t('filters.date'), timeZone }),
    ],
  };
}
