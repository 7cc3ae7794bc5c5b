import { fundingConfigurationEndpoint } from '@portal/contracts/funding-endpoints';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/http/call-endpoint';
import { fundingKeys } from './funding-keys';

/** `GET /api/funding-configuration`: the token's merchant's payout schedule and settlement mode. */
export function useFundingConfiguration(merchantId: string) {
  return useQuery({
    queryKey: fundingKeys.configuration(merchantId),
    queryFn: async ({ signal }) => (await callEndpoint(fundingConfigurationEndpoint, { signal })).data,
  });
}
