import type { SettlementSubscriptionBody } from '@portal/contracts/settlement';
import { addSettlementSubscriptionEndpoint } from '@portal/contracts/settlement-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/http/call-endpoint';
import { settlementKeys } from './settlement-keys';

/** `POST /api/settlement/subscriptions`: one more recipient of the summary. */
export function useAddSettlementSubscription(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SettlementSubscriptionBody) =>
      (await callEndpoint(addSettlementSubscriptionEndpoint, { body })).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: settlementKeys.subscriptions(merchantId) }),
  });
}
