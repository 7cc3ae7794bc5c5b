import { removeSettlementSubscriptionEndpoint } from '@portal/contracts/settlement-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/http/call-endpoint';
import { settlementKeys } from './settlement-keys';

/** `DELETE /api/settlement/subscriptions/{id}`: stops one summary. */
export function useRemoveSettlementSubscription(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await callEndpoint(removeSettlementSubscriptionEndpoint, { params: { id } });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: settlementKeys.subscriptions(merchantId) }),
  });
}
