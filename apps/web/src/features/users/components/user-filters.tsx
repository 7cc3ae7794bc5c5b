import { USER_STATUSES } from '@portal/contracts/enums';
import { MERCHANT_ROLES } from '@portal/contracts/roles';
import type { TFunction } from 'i18next';
import { filtersOf, type FilterDeclaration } from '../../../components/data-table/filters/list-filters';
import type { UserListState } from '../list-params';

const filter = filtersOf<UserListState>();

/** The user list's search and its role and status filters. */
export function userFilters(t: TFunction<'users'>): FilterDeclaration<UserListState> {
  return {
    search: filter.search({
      key: 'search',
      label: t('filters.search'),
      placeholder: t('filters.searchPlaceholder'),
    }),
    filters: [
      filter.multiSelect({
        key: 'role',
        name: 'role',
        label: t('filters.role'),
        options: MERCHANT_ROLES.map((role) => ({ value: role, label: t(`role.${role}`) })),
      }),
      filter.multiSelect({
        key: 'status',
        name: 'status',
        label: t('filters.status'),
        options: USER_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) })),
      }),
    ],
  };
}
