import { dataResponseSchema } from '@portal/contracts/api';
import {
  TRANSACTION_TOTALS_PATH,
  transactionTotalsSchema,
  type TransactionTotals,
} from '@portal/contracts/transactions';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http/http-client';
import type { QueryParams } from '../../../lib/http/query-string';
import { retryOnce } from '../../../lib/http/retry-once';
import { transactionKeys } from './transaction-keys';

const totalsAnswerSchema = dataResponseSchema(transactionTotalsSchema);

/** `GET /api/transactions/totals`: count and sums of the filtered list (the same filters as the page). */
async function fetchTransactionTotals(query: QueryParams, signal?: AbortSignal): Promise<TransactionTotals> {
  const { data } = await apiRequest(TRANSACTION_TOTALS_PATH, { query, schema: totalsAnswerSchema, signal });
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
