import type { NotificationEvent } from '@portal/contracts/email-notifications';
import { sendNotificationTestEndpoint } from '@portal/contracts/email-notifications-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/http/call-endpoint';
import { notificationKeys } from './notification-keys';

/** `POST /api/email-notifications/:event/test`: a sample of the event's e-mail to its recipients. */
export function useSendNotificationTest(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (event: NotificationEvent) =>
      (await callEndpoint(sendNotificationTestEndpoint, { params: { event } })).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.deliveries(merchantId) }),
  });
}
