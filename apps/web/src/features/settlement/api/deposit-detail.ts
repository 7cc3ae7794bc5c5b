import { depositEndpoint } from '@portal/contracts/settlement-endpoints';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/http/call-endpoint';
import { retryOnce } from '../../../lib/http/retry-once';
import { settlementKeys } from './settlement-keys';

/** `GET /api/settlement/deposits/{id}`: one deposit with a page of its funding events. */
async function fetchDeposit(id: string, offset: number, signal?: AbortSignal) {
  const { data } = await callEndpoint(depositEndpoint, {
    params: { id },
    query: { offset: String(offset) },
    signal,
  });
  return data;
}

/** The deposit the drawer shows; nothing is asked while it is closed. */
export function useDeposit(merchantId: string, id: string | undefined, offset: number) {
  return useQuery({
    queryKey: settlementKeys.deposit(merchantId, id ?? '', offset),
    queryFn: ({ signal }) => fetchDeposit(id ?? '', offset, signal),
    enabled: id !== undefined,
    retry: retryOnce,
  });
}
