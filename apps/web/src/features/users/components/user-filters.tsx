import { USER_STATUSES } from '@portal/contracts/enums';
import { MERCHANT_ROLES } from '@portal/contracts/roles';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBar } from '../../../components/data-table/filters/filter-bar';
import { MultiSelectFilter } from '../../../components/data-table/filters/multi-select-filter';
import { SearchFilter } from '../../../components/data-table/filters/search-filter';
import { listFilterEvents } from '../../../lib/analytics/list-filter-events';
import type { ListState } from '../../../lib/url-state/list-state';
import type { UserListState } from '../list-params';

const events = listFilterEvents('users');

/** The user list's search and its role and status filters, each written to the URL. */
export function UserFilters({
  list,
  actions,
}: {
  readonly list: ListState<UserListState>;
  readonly actions?: ReactNode;
}) {
  const { t } = useTranslation('users');
  const { params, setFilters } = list;
  return (
    <FilterBar
      label={t('list.filterLabel')}
      activeCount={[params.role.length > 0, params.status.length > 0].filter(Boolean).length}
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
        label={t('filters.role')}
        options={MERCHANT_ROLES.map((role) => ({ value: role, label: t(`role.${role}`) }))}
        value={params.role}
        onChange={(role) => {
          setFilters({ role });
          events.applied('role');
        }}
      />
      <MultiSelectFilter
        label={t('filters.status')}
        options={USER_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
        value={params.status}
        onChange={(status) => {
          setFilters({ status });
          events.applied('status');
        }}
      />
    </FilterBar>
  );
}
