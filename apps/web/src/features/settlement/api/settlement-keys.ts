/** Query keys of the settlement calls, per merchant (a merchant switch never shows the last one's deposits). */
export const settlementKeys = {
  report: (merchantId: string, from: string, to: string) =>
    ['settlement', merchantId, 'report', from, to] as const,
  deposit: (merchantId: string, id: string, offset: number) =>
    ['settlement', merchantId, 'deposit', id, offset] as const,
  next: (merchantId: string) => ['settlement', merchantId, 'next'] as const,
  subscriptions: (merchantId: string) => ['settlement', merchantId, 'subscriptions'] as const,
};
