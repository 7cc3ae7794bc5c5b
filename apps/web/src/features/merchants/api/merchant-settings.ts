import type { MerchantSettings } from '@portal/contracts/merchant-settings';
import { merchantSettingsEndpoint } from '@portal/contracts/merchants-endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/http/call-endpoint';
import { merchantKeys } from './merchants';

/** `GET /api/merchants/current/settings`: the General settings of the token's merchant. */
async function fetchMerchantSettings(signal?: AbortSignal): Promise<MerchantSettings> {
  const { data } = await callEndpoint(merchantSettingsEndpoint, { signal });
  return data;
}

/** Keyed by the token's merchant, so that a switch reads the new one's. */
export function useMerchantSettings(merchantId: string) {
  return useQuery(
    queryOptions({
      queryKey: merchantKeys.settings(merchantId),
      queryFn: ({ signal }) => fetchMerchantSettings(signal),
    }),
  );
}
