import type { MerchantFeatureFlagsUpdate } from '@portal/contracts/feature-flags';
import {
  merchantFeatureFlagsEndpoint,
  updateMerchantFeatureFlagsEndpoint,
} from '@portal/contracts/feature-flags-endpoints';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FORM_SHOWS_FIELD_ERRORS } from '../../../lib/forms/mutation-errors';
import { callEndpoint } from '../../../lib/http/call-endpoint';
import { retryOnce } from '../../../lib/http/retry-once';
import { internalSettingsKeys } from './internal-settings-keys';

/** `GET /api/merchant/{merchantID}/feature-flags`: the tenant's flags with the merchant's overrides. */
export function useMerchantFeatureFlags(merchantId: string) {
  return useQuery({
    queryKey: internalSettingsKeys.flags(merchantId),
    queryFn: async ({ signal }) =>
      (await callEndpoint(merchantFeatureFlagsEndpoint, { params: { merchantID: merchantId }, signal })).data,
    retry: retryOnce,
  });
}

/**
 * `PATCH /api/merchant/{merchantID}/feature-flags`. The portal's own flags (the guards' and the
 * navigation's) are read again, so that a page the change opens or closes does so at once.
 */
export function useUpdateMerchantFeatureFlags(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: MerchantFeatureFlagsUpdate) =>
      (
        await callEndpoint(updateMerchantFeatureFlagsEndpoint, {
          params: { merchantID: merchantId },
          body,
        })
      ).data,
    meta: FORM_SHOWS_FIELD_ERRORS,
    onSuccess: (saved) => {
      queryClient.setQueryData(internalSettingsKeys.flags(merchantId), saved);
      void queryClient.invalidateQueries({ queryKey: ['feature-flags'] });
    },
  });
}
