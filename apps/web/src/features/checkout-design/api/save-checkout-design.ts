import type { CheckoutDesignValues } from '@portal/contracts/checkout-design';
import { saveCheckoutDesignEndpoint } from '@portal/contracts/checkout-design-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FORM_SHOWS_FIELD_ERRORS } from '../../../lib/forms/mutation-errors';
import { callEndpoint } from '../../../lib/http/call-endpoint';
import { checkoutDesignKeys } from './checkout-design-keys';

/** `PUT /api/checkout-design`: saves the draft; shoppers still see the published design. */
export function useSaveCheckoutDesign(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: FORM_SHOWS_FIELD_ERRORS,
    mutationFn: async (body: CheckoutDesignValues) =>
      (await callEndpoint(saveCheckoutDesignEndpoint, { body })).data,
    onSuccess: (state) => {
      queryClient.setQueryData(checkoutDesignKeys.state(merchantId), state);
    },
  });
}
