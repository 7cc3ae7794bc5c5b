import { validateMerchantIdEndpoint } from '@portal/contracts/merchant-ids-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/http/call-endpoint';
import { merchantIdKeys } from './merchant-id-keys';

/** `POST /api/merchant-ids/:id/validate`: the provider runs the rule and its outcome is recorded. */
export function useValidateMerchantId(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (merchantIdId: string) =>
      (await callEndpoint(validateMerchantIdEndpoint, { params: { merchantIdId } })).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: merchantIdKeys.overview(merchantId) }),
  });
}
