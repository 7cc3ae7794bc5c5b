import type { RegisterMerchantIdBody } from '@portal/contracts/merchant-ids';
import { registerMerchantIdEndpoint } from '@portal/contracts/merchant-ids-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FORM_SHOWS_FIELD_ERRORS } from '../../../lib/forms/mutation-errors';
import { callEndpoint } from '../../../lib/http/call-endpoint';
import { merchantIdKeys } from './merchant-id-keys';

/** `POST /api/merchant-ids`: a new id, PENDING until the provider validates it. */
export function useRegisterMerchantId(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: FORM_SHOWS_FIELD_ERRORS,
    mutationFn: async (body: RegisterMerchantIdBody) =>
      (await callEndpoint(registerMerchantIdEndpoint, { body })).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: merchantIdKeys.overview(merchantId) }),
  });
}
