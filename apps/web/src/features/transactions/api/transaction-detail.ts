import { dataResponseSchema } from '@portal/contracts/api';
import { transactionPath } from '@portal/contracts/transactions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http/http-client';
import { retryOnce } from '../../../lib/http/retry-once';
import { transactionKeys } from './transaction-keys';
import { transactionDetailAnswerSchema, type TransactionDetailAnswer } from './transaction-schemas';

export const transactionDetailAnswer = dataResponseSchema(transactionDetailAnswerSchema);

/** `GET /api/transactions/{id}`: one transaction with its history. */
async function fetchTransaction(id: string, signal?: AbortSignal): Promise<TransactionDetailAnswer> {
  const { data } = await apiRequest(transactionPath(id), { schema: transactionDetailAnswer, signal });
  return data;
}

function transactionQueryOptions(merchantId: string, id: string) {
  return queryOptions({
    queryKey: transactionKeys.detail(merchantId, id),
    queryFn: ({ signal }) => fetchTransaction(id, signal),
    retry: retryOnce,
    // An action by someone else shows when the transaction is opened again.
    staleTime: 0,
  });
}

/**
 * The transaction whose detail is shown. While the drawer is closed (`active` false) nothing is asked,
 * and the last one stays readable for the drawer's closing transition.
 */
export function useTransaction(merchantId: string, id: string | undefined, active: boolean) {
  return useQuery({ ...transactionQueryOptions(merchantId, id ?? ''), enabled: active && id !== undefined });
}
