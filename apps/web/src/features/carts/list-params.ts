import { CART_PAGE_SIZES, CART_SORTS, CART_STATUSES } from '@portal/contracts/carts';
import { z } from 'zod';
import type { QueryParams } from '../../lib/http/query-string';
import { defineListUrl } from '../../lib/url-state/list-state';
import { urlDay, urlList, urlText } from '../../lib/url-state/url-params';

/** The cart list in the URL, with the API's parameter names (days are UTC days of creation). */
export const cartListUrl = defineListUrl(
  {
    search: urlText(200),
    status: urlList(z.enum(CART_STATUSES)),
    from: urlDay(),
    to: urlDay(),
  },
  {
    sorts: CART_SORTS,
    defaultSort: 'createdAt',
    defaultOrder: 'desc',
    pageSizes: CART_PAGE_SIZES,
    defaultPageSize: 25,
    maxOffset: 10_000,
  },
  { ranges: [['from', 'to']] },
);

export type CartListState = typeof cartListUrl.defaults;

export function cartPageQuery(state: CartListState): QueryParams {
  return {
    search: state.search,
    status: state.status.length > 0 ? state.status : undefined,
    from: state.from,
    to: state.to,
    sort: state.sort,
    order: state.order,
    limit: state.limit,
    offset: state.offset,
  };
}
