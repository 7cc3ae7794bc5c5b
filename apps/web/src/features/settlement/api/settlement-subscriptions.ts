import { settlementSubscriptionsEndpoint } from '@portal/contracts/settlement-endpoints';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/http/call-endpoint';
import { retryOnce } from '../../../lib/http/retry-once';
import { settlementKeys } from './settlement-keys';

/** `GET /api/settlement/subscriptions`: who receives the settlement summary e-mail. */
async function fetchSubscriptions(signal?: AbortSignal) {
  const { data } = await callEndpoint(settlementSubscriptionsEndpoint, { signal });
  return data.items;
}

export function useSettlementSubscriptions(merchantId: string) {
  return useQuery({
    queryKey: settlementKeys.subscriptions(merchantId),
    queryFn: ({ signal }) => fetchSubscriptions(signal),
    retry: retryOnce,
  });
}
