import type { MerchantSettings, MerchantSettingsBody } from '@portal/contracts/merchant-settings';
import { updateMerchantSettingsEndpoint } from '@portal/contracts/merchants-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FORM_SHOWS_FIELD_ERRORS } from '../../../lib/forms/mutation-errors';
import { callEndpoint } from '../../../lib/http/call-endpoint';
import { merchantKeys } from './merchants';

/**
 * `PUT /api/merchants/current/settings`. A new time zone changes every date the portal has read (lists,
 * totals, charts): everything is read again; otherwise only the merchant's name and language are.
 */
export function useUpdateMerchantSettings(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: FORM_SHOWS_FIELD_ERRORS,
    mutationFn: async (body: MerchantSettingsBody): Promise<MerchantSettings> =>
      (await callEndpoint(updateMerchantSettingsEndpoint, { body })).data,
    onSuccess: async (saved) => {
      const before = queryClient.getQueryData<MerchantSettings>(merchantKeys.settings(merchantId));
      queryClient.setQueryData(merchantKeys.settings(merchantId), saved);
      await (before?.timeZone === saved.timeZone
        ? queryClient.invalidateQueries({ queryKey: merchantKeys.current(merchantId) })
        : queryClient.invalidateQueries({
            predicate: (query) => query.queryKey.join('/') !== merchantKeys.settings(merchantId).join('/'),
          }));
    },
  });
}
