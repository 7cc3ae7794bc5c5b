import { listAccessKeysEndpoint } from '@portal/contracts/access-keys-endpoints';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/http/call-endpoint';
import { retryOnce } from '../../../lib/http/retry-once';
import { accessKeyKeys } from './access-key-keys';

/** `GET /api/access-keys`: the merchant's keys, without their secrets. */
async function fetchAccessKeys(signal?: AbortSignal) {
  const { data } = await callEndpoint(listAccessKeysEndpoint, { signal });
  return data.items;
}

export function useAccessKeys(merchantId: string) {
  return useQuery({
    queryKey: accessKeyKeys.list(merchantId),
    queryFn: ({ signal }) => fetchAccessKeys(signal),
    retry: retryOnce,
  });
}
