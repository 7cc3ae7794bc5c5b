/** Query keys of the payment-product calls, per merchant and program (a switch never shows the last one's). */
export const paymentProductKeys = {
  all: (merchantId: string) => ['paymentProducts', merchantId] as const,
  program: (merchantId: string, programId: string) => ['paymentProducts', merchantId, programId] as const,
};
