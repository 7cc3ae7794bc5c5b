import { nextDepositEndpoint } from '@portal/contracts/settlement-endpoints';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/http/call-endpoint';
import { retryOnce } from '../../../lib/http/retry-once';
import { settlementKeys } from './settlement-keys';

/** `GET /api/settlement/next-deposit`: the next deposit's day and what it holds so far. */
async function fetchNextDeposit(signal?: AbortSignal) {
  const { data } = await callEndpoint(nextDepositEndpoint, { signal });
  return data;
}

export function useNextDeposit(merchantId: string) {
  return useQuery({
    queryKey: settlementKeys.next(merchantId),
    queryFn: ({ signal }) => fetchNextDeposit(signal),
    retry: retryOnce,
  });
}
