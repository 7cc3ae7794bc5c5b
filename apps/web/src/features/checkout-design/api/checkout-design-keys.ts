/** Query keys of the checkout design, per merchant (a merchant switch never shows the last one's design). */
export const checkoutDesignKeys = {
  state: (merchantId: string) => ['checkout-design', merchantId, 'state'] as const,
  versions: (merchantId: string) => ['checkout-design', merchantId, 'versions'] as const,
};
