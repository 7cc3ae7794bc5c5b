import { USER_STATUSES } from '@portal/contracts/enums';
import { MERCHANT_ROLES } from '@portal/contracts/roles';
import { DEFAULT_USER_PAGE_SIZE, USER_PAGE_SIZES, USER_SORTS } from '@portal/contracts/users';
import { z } from 'zod';
import type { QueryParams } from '../../lib/http/query-string';
import { defineListUrl } from '../../lib/url-state/list-state';
import { urlList, urlText } from '../../lib/url-state/url-params';

/** The user list in the URL, with the API's parameter names. */
export const userListUrl = defineListUrl(
  {
    search: urlText(200),
    role: urlList(z.enum(MERCHANT_ROLES)),
    status: urlList(z.enum(USER_STATUSES)),
  },
  {
    sorts: USER_SORTS,
    defaultSort: 'name',
    defaultOrder: 'asc',
    pageSizes: USER_PAGE_SIZES,
    defaultPageSize: DEFAULT_USER_PAGE_SIZE,
  },
);

export type UserListState = typeof userListUrl.defaults;

export function userPageQuery(state: UserListState): QueryParams {
  return {
    search: state.search,
    role: state.role.length > 0 ? state.role : undefined,
    status: state.status.length > 0 ? state.status : undefined,
    sort: state.sort,
    order: state.order,
    limit: state.limit,
    offset: state.offset > 0 ? state.offset : undefined,
  };
}
