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
import { answerDateTime } from '../../../lib/http/answer-dates';

const cartSummaryAnswer = cartSummarySchema.extend({
  createdAt: answerDateTime,
  expiresAt: answerDateTime,
});
export type CartSummaryAnswer = z.infer<typeof cartSummaryAnswer>;

export const cartPageAnswer = z.object({
  data: cartListResponseSchema.extend({ items: z.array(cartSummaryAnswer) }),
});
export type CartPageAnswer = z.infer<typeof cartPageAnswer>['data'];

const cartDetailAnswerSchema = cartDetailSchema.extend({
  ...cartSummaryAnswer.shape,
  updatedAt: answerDateTime,
  history: z.array(cartStatusChangeSchema.extend({ at: answerDateTime })),
  notifications: z.array(
    cartNotificationSchema.extend({ createdAt: answerDateTime, sentAt: answerDateTime.nullable() }),
  ),
});
export type CartDetailAnswer = z.infer<typeof cartDetailAnswerSchema>;
export const cartDetailAnswer = z.object({ data: cartDetailAnswerSchema });

const checkoutCartAnswerSchema = checkoutCartSchema.extend({
  expiresAt: answerDateTime,
});
export type CheckoutCartAnswer = z.infer<typeof checkoutCartAnswerSchema>;
export const checkoutCartAnswer = z.object({ data: checkoutCartAnswerSchema });
export const checkoutCompletionAnswer = z.object({ data: checkoutCompletionSchema });
