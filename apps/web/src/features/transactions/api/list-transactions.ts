import { listTransactionsEndpoint } from '@portal/contracts/transactions-endpoints';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/http/call-endpoint';
import type { QueryParams } from '../../../lib/http/query-string';
import { retryOnce } from '../../../lib/http/retry-once';
import { transactionKeys } from './transaction-keys';
import type { TransactionPage } from './transaction-schemas';

/** `GET /api/transactions`: one page of the filtered, sorted list, by offset or by cursor. */
async function fetchTransactionPage(query: QueryParams, signal?: AbortSignal): Promise<TransactionPage> {
  const { data } = await callEndpoint(listTransactionsEndpoint, { query, signal });
  return data;
}

export function transactionPageQueryOptions(merchantId: string, query: QueryParams) {
  return queryOptions({
    queryKey: transactionKeys.list(merchantId, query),
    queryFn: ({ signal }) => fetchTransactionPage(query, signal),
    // The rows shown stay while the next page or filter loads, so the table does not flash empty.
    placeholderData: keepPreviousData,
    retry: retryOnce,
  });
}

export function useTransactionPage(merchantId: string, query: QueryParams) {
  return useQuery(transactionPageQueryOptions(merchantId, query));
}
