import { CART_PAGE_SIZES, CART_SORTS, CART_STATUSES } from '@portal/contracts/carts';
import { z } from 'zod';
import type { QueryParams } from '../../lib/http/query-string';
import { listShape } from '../../lib/url-state/list-state';
import { urlDay, urlList, urlText } from '../../lib/url-state/url-params';
import { defineUrlState, type UrlStateOf } from '../../lib/url-state/url-state';

/** The cart list in the URL, with the API's parameter names (days are UTC days of creation). */
const shape = {
  search: urlText(200),
  status: urlList(z.enum(CART_STATUSES)),
  from: urlDay(),
  to: urlDay(),
  ...listShape({
    sorts: CART_SORTS,
    defaultSort: 'createdAt',
    defaultOrder: 'desc',
    pageSizes: CART_PAGE_SIZES,
    defaultPageSize: 25,
    maxOffset: 10_000,
  }),
};

export type CartListState = UrlStateOf<typeof shape>;

/** A range given backwards (a hand-edited link) is read the right way round. */
function normalize(state: CartListState): CartListState {
  if (state.from !== undefined && state.to !== undefined && state.from > state.to) {
    return { ...state, from: state.to, to: state.from };
  }
  return state;
}

export const cartListUrl = defineUrlState(shape, { normalize });

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
