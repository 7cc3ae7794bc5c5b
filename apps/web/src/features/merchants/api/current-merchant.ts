import {
  CURRENT_MERCHANT_PATH,
  currentMerchantResponseSchema,
  type CurrentMerchant,
} from '@portal/contracts/merchants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http/http-client';
import { merchantKeys } from './merchants';

/** `GET /api/merchants/current`: the merchant of the token. */
async function fetchCurrentMerchant(signal?: AbortSignal): Promise<CurrentMerchant> {
  const { data } = await apiRequest(CURRENT_MERCHANT_PATH, { schema: currentMerchantResponseSchema, signal });
  return data;
}

/** Keyed by the token's merchant, so that a switch reads the new one. */
function currentMerchantQueryOptions(merchantId: string) {
  return queryOptions({
    queryKey: merchantKeys.current(merchantId),
    queryFn: ({ signal }) => fetchCurrentMerchant(signal),
  });
}

export function useCurrentMerchant(merchantId: string) {
  return useQuery(currentMerchantQueryOptions(merchantId));
}
