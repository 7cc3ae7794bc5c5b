import { checkoutDesignVersionsEndpoint } from '@portal/contracts/checkout-design-endpoints';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/http/call-endpoint';
import { retryOnce } from '../../../lib/http/retry-once';
import { checkoutDesignKeys } from './checkout-design-keys';

/** `GET /api/checkout-design/versions`: the last published versions, newest first. */
export function useDesignVersions(merchantId: string) {
  return useQuery({
    queryKey: checkoutDesignKeys.versions(merchantId),
    queryFn: async ({ signal }) =>
      (await callEndpoint(checkoutDesignVersionsEndpoint, { signal })).data.items,
    retry: retryOnce,
  });
}
