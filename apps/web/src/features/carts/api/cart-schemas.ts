import {
  cartDetailSchema,
  cartListResponseSchema,
  cartNotificationSchema,
  cartStatusChangeSchema,
  cartSummarySchema,
  checkoutCartSchema,
  checkoutCompletionSchema,
} from '@portal/contracts/carts';
import { z } from 'zod';
import { formatWireDate } from '../../../lib/http/json-dates';

/*
 * The HTTP client turns text that looks like a date into a Date (specification §3): date-time fields
 * arrive as Dates, and free text that happens to look like a date ("2026-11-01") is turned back.
 */
const revivedText = z.union([z.string(), z.date().transform(formatWireDate)]);

const cartSummaryAnswer = cartSummarySchema.extend({
  name: revivedText,
  orderReference: revivedText,
  shopperName: revivedText,
  createdAt: z.date(),
  expiresAt: z.date(),
});
export type CartSummaryAnswer = z.infer<typeof cartSummaryAnswer>;

export const cartPageAnswer = z.object({
  data: cartListResponseSchema.extend({ items: z.array(cartSummaryAnswer) }),
});
export type CartPageAnswer = z.infer<typeof cartPageAnswer>['data'];

const cartDetailAnswerSchema = cartDetailSchema.extend({
  ...cartSummaryAnswer.shape,
  updatedAt: z.date(),
  history: z.array(cartStatusChangeSchema.extend({ at: z.date() })),
  notifications: z.array(cartNotificationSchema.extend({ createdAt: z.date(), sentAt: z.date().nullable() })),
});
export type CartDetailAnswer = z.infer<typeof cartDetailAnswerSchema>;
export const cartDetailAnswer = z.object({ data: cartDetailAnswerSchema });

const checkoutCartAnswerSchema = checkoutCartSchema.extend({
  name: revivedText,
  orderReference: revivedText,
  expiresAt: z.date(),
});
export type CheckoutCartAnswer = z.infer<typeof checkoutCartAnswerSchema>;
export const checkoutCartAnswer = z.object({ data: checkoutCartAnswerSchema });
export const checkoutCompletionAnswer = z.object({ data: checkoutCompletionSchema });
