import { transactionEndpoint } from '@portal/contracts/transactions-endpoints';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { callEndpoint } from '../../../lib/http/call-endpoint';
import { retryOnce } from '../../../lib/http/retry-once';
import { transactionKeys } from './transaction-keys';
import type { TransactionDetailAnswer } from './transaction-schemas';

/** `GET /api/transactions/{id}`: one transaction with its history. */
async function fetchTransaction(id: string, signal?: AbortSignal): Promise<TransactionDetailAnswer> {
  const { data } = await callEndpoint(transactionEndpoint, { params: { id }, signal });
  return data;
}

function transactionQueryOptions(merchantId: string, id: string) {
  return queryOptions({
    queryKey: transactionKeys.detail(merchantId, id),
    queryFn: ({ signal }) => fetchTransaction(id, signal),
    retry: retryOnce,
    // An action by someone else shows when the transaction is opened again; the few seconds keep the
    // drawer from asking again for what the click that opened it has just fetched.
    staleTime: 5_000,
  });
}

/**
 * The transaction whose detail is shown. While the drawer is closed (`active` false) nothing is asked,
 * and the last one stays readable for the drawer's closing transition.
 */
export function useTransaction(merchantId: string, id: string | undefined, active: boolean) {
  return useQuery({ ...transactionQueryOptions(merchantId, id ?? ''), enabled: active && id !== undefined });
}

/**
 * Asks for a transaction as its row is opened, before the route changes and the drawer renders: the
 * request leaves on the click, not once the list has rendered again.
 */
export function usePrefetchTransaction(merchantId: string): (id: string) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (id: string) => {
      // A failure shows in the drawer, which asks again.
      queryClient.query(transactionQueryOptions(merchantId, id)).catch(() => undefined);
    },
    [queryClient, merchantId],
  );
}
