import type { QueryParams } from '../../../lib/http/query-string';

/** Query keys of the cart calls, per merchant; a change invalidates the merchant's lists. */
export const cartKeys = {
  lists: (merchantId: string) => ['carts', merchantId, 'list'] as const,
  list: (merchantId: string, query: QueryParams) => ['carts', merchantId, 'list', query] as const,
  detail: (merchantId: string, id: string) => ['carts', merchantId, 'detail', id] as const,
  checkout: (token: string) => ['checkout', token] as const,
};
