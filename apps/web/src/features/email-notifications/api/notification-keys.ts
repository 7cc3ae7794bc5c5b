/** Query keys of the notification calls, per merchant (a merchant switch never shows the last one's). */
export const notificationKeys = {
  settings: (merchantId: string) => ['email-notifications', merchantId, 'settings'] as const,
  deliveries: (merchantId: string) => ['email-notifications', merchantId, 'deliveries'] as const,
  deliveryPage: (merchantId: string, to: string | null, offset: number, limit: number) =>
    ['email-notifications', merchantId, 'deliveries', to, offset, limit] as const,
};
