import type { MerchantValuesUpdate } from '@portal/contracts/merchant-values';
import {
  merchantValuesEndpoint,
  updateMerchantValuesEndpoint,
} from '@portal/contracts/merchant-values-endpoints';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FORM_SHOWS_FIELD_ERRORS } from '../../../lib/forms/mutation-errors';
import { callEndpoint } from '../../../lib/http/call-endpoint';
import { retryOnce } from '../../../lib/http/retry-once';
import { internalSettingsKeys } from './internal-settings-keys';

/** `GET /api/program/{programID}/merchant/{merchantID}/values` (specification §7). */
export function useMerchantValues(merchantId: string, programId: string) {
  return useQuery({
    queryKey: internalSettingsKeys.values(merchantId, programId),
    queryFn: async ({ signal }) =>
      (
        await callEndpoint(merchantValuesEndpoint, {
          params: { programID: programId, merchantID: merchantId },
          query: {},
          signal,
        })
      ).data,
    retry: retryOnce,
  });
}

/** `PATCH /api/program/{programID}/merchant/{merchantID}/values` (specification §7). */
export function useUpdateMerchantValues(merchantId: string, programId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: MerchantValuesUpdate) =>
      (
        await callEndpoint(updateMerchantValuesEndpoint, {
          params: { programID: programId, merchantID: merchantId },
          body,
        })
      ).data,
    meta: FORM_SHOWS_FIELD_ERRORS,
    onSuccess: (saved) => {
      queryClient.setQueryData(internalSettingsKeys.values(merchantId, programId), saved);
    },
  });
}
