import { z } from 'zod';

export const MERCHANT_VALUE_KEY_PATTERN = /^[A-Za-z0-9._]{1,64}$/;
export const MERCHANT_VALUE_MAX_LENGTH = 1000;
/** Keys one change may touch. */
export const MERCHANT_VALUES_MAX_KEYS = 100;

export const merchantValueKeySchema = z
  .string()
  .regex(MERCHANT_VALUE_KEY_PATTERN, 'Keys are 1 to 64 letters, digits, dots or underscores');

/** Internal merchant values of one program and merchant: key → value. */
export const merchantValuesSchema = z.object({
  programID: z.string(),
  merchantID: z.string(),
  values: z.record(z.string(), z.string()),
});
export type MerchantValues = z.infer<typeof merchantValuesSchema>;

export const merchantValuesQuerySchema = z.strictObject({});

/** Key → new value, applied together; `null` removes the key (as in a JSON merge patch). */
export const merchantValuesUpdateSchema = z
  .record(merchantValueKeySchema, z.string().max(MERCHANT_VALUE_MAX_LENGTH).nullable())
  .refine((values) => Object.keys(values).length > 0, { message: 'Nothing to change' })
  .refine((values) => Object.keys(values).length <= MERCHANT_VALUES_MAX_KEYS, {
    message: `At most ${String(MERCHANT_VALUES_MAX_KEYS)} keys at once`,
  });
export type MerchantValuesUpdate = z.infer<typeof merchantValuesUpdateSchema>;
