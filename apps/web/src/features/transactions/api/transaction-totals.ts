import type { TransactionTotals } from '@portal/contracts/transactions';
import { transactionTotalsEndpoint } from '@portal/contracts/transactions-endpoints';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/http/call-endpoint';
import type { QueryParams } from '../../../lib/http/query-string';
import { retryOnce } from '../../../lib/http/retry-once';
import { transactionKeys } from './transaction-keys';

/** `GET /api/transactions/totals`: count and sums of the filtered list (the same filters as the page). */
async function fetchTransactionTotals(query: QueryParams, signal?: AbortSignal): Promise<TransactionTotals> {
  const { data } = await callEndpoint(transactionTotalsEndpoint, { query, signal });
  return data;
}

function transactionTotalsQueryOptions(merchantId: string, query: QueryParams) {
  return queryOptions({
    queryKey: transactionKeys.total(merchantId, query),
    queryFn: ({ signal }) => fetchTransactionTotals(query, signal),
    placeholderData: keepPreviousData,
    retry: retryOnce,
  });
}

export function useTransactionTotals(merchantId: string, query: QueryParams) {
  return useQuery(transactionTotalsQueryOptions(merchantId, query));
}
