/** Query keys of the merchant ID validation calls, per merchant. */
export const merchantIdKeys = {
  overview: (merchantId: string) => ['merchantIds', merchantId, 'overview'] as const,
};
