import { USER_STATUSES } from '@portal/contracts/enums';
import { MERCHANT_ROLES } from '@portal/contracts/roles';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBar } from '../../../components/data-table/filters/filter-bar';
import { MultiSelectFilter } from '../../../components/data-table/filters/multi-select-filter';
import { SearchFilter } from '../../../components/data-table/filters/search-filter';
import { track } from '../../../lib/analytics/analytics';
import type { ListState } from '../../../lib/url-state/list-state';
import type { UserListState } from '../list-params';

const LIST = 'users';

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
            if (search !== undefined) track('search_performed', { list: LIST });
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
          track('filter_applied', { list: LIST, filter: 'role' });
        }}
      />
      <MultiSelectFilter
        label={t('filters.status')}
        options={USER_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
        value={params.status}
        onChange={(status) => {
          setFilters({ status });
          track('filter_applied', { list: LIST, filter: 'status' });
        }}
      />
    </FilterBar>
  );
}
