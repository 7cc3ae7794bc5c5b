import { z } from 'zod';
import { dateTime } from './date-time.js';

/** An acquirer's merchant id: letters and digits, at most 15 (PRODUCT.md, "Merchant ID validation"). */
export const ACQUIRER_MERCHANT_ID_PATTERN = /^[A-Z0-9]{1,15}$/;

export const MERCHANT_ID_STATUSES = ['PENDING', 'VALIDATED', 'FAILED'] as const;
export type MerchantIdStatus = (typeof MERCHANT_ID_STATUSES)[number];

/**
 * Why the validation rule failed an id: an all-digit id whose last digit is not its Luhn check digit,
 * or an id that another merchant registered first.
 */
export const MERCHANT_ID_FAILURES = ['CHECK_DIGIT', 'REGISTERED_ELSEWHERE'] as const;
export type MerchantIdFailure = (typeof MERCHANT_ID_FAILURES)[number];

export const merchantIdSchema = z.object({
  id: z.string(),
  locationId: z.string(),
  locationName: z.string(),
  acquirerMerchantId: z.string(),
  status: z.enum(MERCHANT_ID_STATUSES),
  failure: z.enum(MERCHANT_ID_FAILURES).nullable(),
  createdAt: dateTime,
  createdByEmail: z.string(),
  validatedAt: dateTime.nullable(),
  validatedByEmail: z.string().nullable(),
});
export type MerchantId = z.infer<typeof merchantIdSchema>;

/** The merchant's virtual card: only its masked number and expiry ever leave the server after creation. */
export const virtualCardSchema = z.object({
  id: z.string(),
  maskedNumber: z.string(),
  expiryMonth: z.number().int().min(1).max(12),
  expiryYear: z.number().int(),
  createdAt: dateTime,
  createdByEmail: z.string(),
});
export type VirtualCard = z.infer<typeof virtualCardSchema>;

export const merchantIdOverviewSchema = z.object({
  items: z.array(merchantIdSchema),
  virtualCard: virtualCardSchema.nullable(),
});
export type MerchantIdOverview = z.infer<typeof merchantIdOverviewSchema>;

/** Spaces are dropped and letters upper-cased before the format check: the id is what the acquirer prints. */
export const registerMerchantIdBodySchema = z.strictObject({
  locationId: z.uuid(),
  acquirerMerchantId: z
    .string()
    .max(40)
    .transform((value) => value.replace(/\s+/g, '').toUpperCase())
    .pipe(z.string().regex(ACQUIRER_MERCHANT_ID_PATTERN, 'merchantIds:validation.format')),
});
export type RegisterMerchantIdBody = z.input<typeof registerMerchantIdBodySchema>;

export const merchantIdParamsSchema = z.strictObject({ merchantIdId: z.uuid() });

/** The card's full number and expiry, in the creation's answer and never again. */
export const issuedVirtualCardSchema = z.object({
  card: virtualCardSchema,
  number: z.string().regex(/^\d{16}$/),
});
export type IssuedVirtualCard = z.infer<typeof issuedVirtualCardSchema>;

/** Luhn's check (ISO/IEC 7812): the last digit makes the weighted sum a multiple of 10. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The digit that completes `body` into a Luhn-valid number. */
export function luhnCheckDigit(body: string): string {
  for (let digit = 0; digit < 10; digit += 1) {
    if (passesLuhn(`${body}${String(digit)}`)) return String(digit);
  }
  throw new Error('Some check digit always completes a Luhn number');
}
