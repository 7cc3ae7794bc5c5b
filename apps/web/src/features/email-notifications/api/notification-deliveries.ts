import type { EmailSummary } from '@portal/contracts/emails';
import { notificationDeliveriesEndpoint } from '@portal/contracts/email-notifications-endpoints';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/http/call-endpoint';
import { retryOnce } from '../../../lib/http/retry-once';
import { notificationKeys } from './notification-keys';

export type Delivery = EmailSummary;

/** A message waiting to be sent is read again this often: the sender takes it within seconds. */
const WAITING_REFRESH_MS = 3_000;

/** `GET /api/email-notifications/deliveries`: the merchant's e-mails to one recipient or all, newest first. */
export function useNotificationDeliveries(
  merchantId: string,
  page: { readonly to: string | null; readonly offset: number; readonly limit: 25 | 50 | 100 },
) {
  const { to, offset, limit } = page;
  return useQuery({
    queryKey: notificationKeys.deliveryPage(merchantId, to, offset, limit),
    queryFn: async ({ signal }) =>
      (
        await callEndpoint(notificationDeliveriesEndpoint, {
          query: { ...(to === null ? {} : { to }), offset: String(offset), limit: String(limit) },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
    retry: retryOnce,
    refetchInterval: ({ state }) =>
      state.data?.items.some((item) => item.status === 'PENDING') === true ? WAITING_REFRESH_MS : false,
  });
}
