import { z } from 'zod';
import { DAY_MS } from './constants.js';
import { dateTime } from './date-time.js';

/** A location verification code: six digits, typed by the store's staff on the store's device. */
export const VERIFICATION_CODE_PATTERN = /^\d{6}$/;

/** How long a code is valid after its generation (a constant, not a merchant's choice). */
export const VERIFICATION_CODE_LIFETIME_MS = DAY_MS;

/**
 * The public check's limits per location, kept in the database so that every instance counts the same
 * attempts (docs/security.md, promise 12). At most 5 attempts per 15 minutes and 20 per day: a code
 * lives one day, so a guesser gets at most 20 of the 1,000,000 codes per code, odds of 1 in 50,000;
 * a whole year of guessing at the limit (7,300 guesses) succeeds with odds below 0.75 %.
 */
export const VERIFICATION_CHECK_LIMITS = [
  { window: 'QUARTER_HOUR', attempts: 5, ms: 15 * 60_000 },
  { window: 'DAY', attempts: 20, ms: DAY_MS },
] as const;

/** `REPLACED` by a newer code of the location; `EXPIRED` past its expiry; `REVOKED` by a user. */
export const VERIFICATION_CODE_STATUSES = ['ACTIVE', 'EXPIRED', 'REPLACED', 'REVOKED'] as const;
export type VerificationCodeStatus = (typeof VERIFICATION_CODE_STATUSES)[number];

/** The latest code of a location, never its digits (they are shown once, at generation). */
export const verificationCodeSchema = z.object({
  id: z.string(),
  status: z.enum(VERIFICATION_CODE_STATUSES),
  createdAt: dateTime,
  createdByEmail: z.string(),
  expiresAt: dateTime,
  endedAt: dateTime.nullable(),
});
export type VerificationCode = z.infer<typeof verificationCodeSchema>;

export const locationCodeSchema = z.object({
  locationId: z.string(),
  name: z.string(),
  storeNumber: z.string(),
  locationStatus: z.enum(['ACTIVE', 'INACTIVE']),
  /** Null when the location never had one. */
  code: verificationCodeSchema.nullable(),
});
export type LocationCode = z.infer<typeof locationCodeSchema>;

export const locationCodeListSchema = z.object({ items: z.array(locationCodeSchema) });

/** The answer of a generation: the digits, in this answer and never again. */
export const generatedCodeSchema = z.object({
  location: locationCodeSchema,
  code: z.string().regex(VERIFICATION_CODE_PATTERN),
});
export type GeneratedCode = z.infer<typeof generatedCodeSchema>;

export const locationCodeParamsSchema = z.strictObject({ locationId: z.uuid() });

/** What the store's device sends: its location and the code typed in. */
export const checkVerificationCodeBodySchema = z.strictObject({
  locationId: z.uuid(),
  code: z.string().regex(VERIFICATION_CODE_PATTERN),
});

export const verificationCheckSchema = z.object({ valid: z.boolean() });
