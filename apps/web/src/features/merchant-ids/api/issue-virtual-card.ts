import { issueVirtualCardEndpoint } from '@portal/contracts/merchant-ids-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/http/call-endpoint';
import { merchantIdKeys } from './merchant-id-keys';

/** `POST /api/virtual-card`: the merchant's card, its full number in this answer only. */
export function useIssueVirtualCard(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await callEndpoint(issueVirtualCardEndpoint)).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: merchantIdKeys.overview(merchantId) }),
  });
}
