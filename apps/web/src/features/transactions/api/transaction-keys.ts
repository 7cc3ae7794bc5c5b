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

/** A refusal (4xx) will be refused again; a failure on the way (network, 5xx) is tried once more. */
export function retryOnce(failureCount: number, error: unknown): boolean {
  const status = typeof error === 'object' && error !== null && 'status' in error ? error.status : 0;
  return failureCount < 1 && !(typeof status === 'number' && status >= 400 && status < 500);
}
