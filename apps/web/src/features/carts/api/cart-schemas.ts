import type { CartDetail, CartSummary, CheckoutCart } from '@portal/contracts/carts';

// The carts' answers as the portal reads them: the contracts' types, their date-times decoded to Dates.
export type CartSummaryAnswer = CartSummary;
export type CartDetailAnswer = CartDetail;
export type CheckoutCartAnswer = CheckoutCart;
