import { notificationSettingsEndpoint } from '@portal/contracts/email-notifications-endpoints';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/http/call-endpoint';
import { retryOnce } from '../../../lib/http/retry-once';
import { notificationKeys } from './notification-keys';

/** `GET /api/email-notifications`: the matrix of events × recipients. */
export function useNotificationSettings(merchantId: string) {
  return useQuery({
    queryKey: notificationKeys.settings(merchantId),
    queryFn: async ({ signal }) => (await callEndpoint(notificationSettingsEndpoint, { signal })).data,
    retry: retryOnce,
  });
}
