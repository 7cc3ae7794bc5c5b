import type { QueryParams } from '../../../lib/http/query-string';

/** Query keys of the location calls, per merchant; a change invalidates the merchant's lists. */
export const locationKeys = {
  all: (merchantId: string) => ['locations', merchantId] as const,
  list: (merchantId: string, query: QueryParams) => ['locations', merchantId, 'list', query] as const,
  detail: (merchantId: string, id: string) => ['locations', merchantId, 'detail', id] as const,
};
