import { merchantIdsEndpoint } from '@portal/contracts/merchant-ids-endpoints';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/http/call-endpoint';
import { retryOnce } from '../../../lib/http/retry-once';
import { merchantIdKeys } from './merchant-id-keys';

/** `GET /api/merchant-ids`: the registered ids with their validation, and the card (masked). */
async function fetchMerchantIds(signal?: AbortSignal) {
  return (await callEndpoint(merchantIdsEndpoint, { signal })).data;
}

export function useMerchantIds(merchantId: string) {
  return useQuery({
    queryKey: merchantIdKeys.overview(merchantId),
    queryFn: ({ signal }) => fetchMerchantIds(signal),
    retry: retryOnce,
  });
}
