import type { NotificationSettingsBody } from '@portal/contracts/email-notifications';
import { updateNotificationSettingsEndpoint } from '@portal/contracts/email-notifications-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/http/call-endpoint';
import { FORM_SHOWS_FIELD_ERRORS } from '../../../lib/forms/mutation-errors';
import { notificationKeys } from './notification-keys';

/**
 * `PUT /api/email-notifications`: saves the matrix. Its daily settlement summary row is the settlement
 * report's recipient list, so that list is read again too (its keys start with 'settlement').
 */
export function useUpdateNotificationSettings(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: NotificationSettingsBody) =>
      (await callEndpoint(updateNotificationSettingsEndpoint, { body })).data,
    meta: FORM_SHOWS_FIELD_ERRORS,
    onSuccess: (saved) => {
      queryClient.setQueryData(notificationKeys.settings(merchantId), saved);
      void queryClient.invalidateQueries({ queryKey: ['settlement', merchantId] });
    },
  });
}
