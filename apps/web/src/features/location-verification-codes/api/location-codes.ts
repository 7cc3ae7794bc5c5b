import { listLocationCodesEndpoint } from '@portal/contracts/location-verification-codes-endpoints';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/http/call-endpoint';
import { retryOnce } from '../../../lib/http/retry-once';
import { locationCodeKeys } from './location-code-keys';

/** `GET /api/location-verification-codes`: each location with the state of its latest code. */
async function fetchLocationCodes(signal?: AbortSignal) {
  const { data } = await callEndpoint(listLocationCodesEndpoint, { signal });
  return data.items;
}

export function useLocationCodes(merchantId: string) {
  return useQuery({
    queryKey: locationCodeKeys.list(merchantId),
    queryFn: ({ signal }) => fetchLocationCodes(signal),
    retry: retryOnce,
  });
}
