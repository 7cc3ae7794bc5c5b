import type { QueryParams } from '../../../lib/http/query-string';

/**
 * Query keys of the transaction calls, per merchant (a merchant switch must never show the last
 * merchant's rows). An action invalidates `lists` and `totals` of its merchant.
 */
export const transactionKeys = {
  all: (merchantId: string) => ['transactions', merchantId] as const,
  lists: (merchantId: string) => ['transactions', merchantId, 'list'] as const,
  list: (merchantId: string, query: QueryParams) => ['transactions', merchantId, 'list', query] as const,
  totals: (merchantId: string) => ['transactions', merchantId, 'totals'] as const,
  total: (merchantId: string, query: QueryParams) => ['transactions', merchantId, 'totals', query] as const,
  detail: (merchantId: string, id: string) => ['transactions', merchantId, 'detail', id] as const,
  locations: (merchantId: string) => ['transactions', merchantId, 'locations'] as const,
};
