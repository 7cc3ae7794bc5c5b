import type { CheckoutDesignValues } from '@portal/contracts/checkout-design';
import { publishCheckoutDesignEndpoint } from '@portal/contracts/checkout-design-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FORM_SHOWS_FIELD_ERRORS } from '../../../lib/forms/mutation-errors';
import { callEndpoint } from '../../../lib/http/call-endpoint';
import { checkoutDesignKeys } from './checkout-design-keys';

/** `POST /api/checkout-design/publish`: saves these values and publishes them to shoppers. */
export function usePublishCheckoutDesign(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: FORM_SHOWS_FIELD_ERRORS,
    mutationFn: async (body: CheckoutDesignValues) =>
      (await callEndpoint(publishCheckoutDesignEndpoint, { body })).data,
    onSuccess: (state) => {
      queryClient.setQueryData(checkoutDesignKeys.state(merchantId), state);
      return queryClient.invalidateQueries({ queryKey: checkoutDesignKeys.versions(merchantId) });
    },
  });
}
