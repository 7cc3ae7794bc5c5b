import type { CurrentMerchant } from '@portal/contracts/merchants';
import { currentMerchantEndpoint } from '@portal/contracts/merchants-endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/http/call-endpoint';
import { merchantKeys } from './merchants';

/** `GET /api/merchants/current`: the merchant of the token. */
async function fetchCurrentMerchant(signal?: AbortSignal): Promise<CurrentMerchant> {
  const { data } = await callEndpoint(currentMerchantEndpoint, { signal });
  return data;
}

/** Keyed by the token's merchant, so that a switch reads the new one. */
export function currentMerchantQueryOptions(merchantId: string) {
  return queryOptions({
    queryKey: merchantKeys.current(merchantId),
    queryFn: ({ signal }) => fetchCurrentMerchant(signal),
  });
}

export function useCurrentMerchant(merchantId: string) {
  return useQuery(currentMerchantQueryOptions(merchantId));
}
