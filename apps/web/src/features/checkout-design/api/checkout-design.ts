import { checkoutDesignEndpoint } from '@portal/contracts/checkout-design-endpoints';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/http/call-endpoint';
import { retryOnce } from '../../../lib/http/retry-once';
import { checkoutDesignKeys } from './checkout-design-keys';

/** `GET /api/checkout-design`: the draft, its logo, and the last publication. */
export function useCheckoutDesign(merchantId: string) {
  return useQuery({
    queryKey: checkoutDesignKeys.state(merchantId),
    queryFn: async ({ signal }) => (await callEndpoint(checkoutDesignEndpoint, { signal })).data,
    retry: retryOnce,
  });
}
