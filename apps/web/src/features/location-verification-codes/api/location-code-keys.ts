/** Query keys of the location verification code calls, per merchant. */
export const locationCodeKeys = {
  list: (merchantId: string) => ['locationCodes', merchantId, 'list'] as const,
};
