import { z } from 'zod/mini';

export const CURRENCIES = ['USD', 'CAD'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** Money in integer minor units, never a float (PRODUCT.md, "Money"). */
export const moneySchema = z.object({
  currency: z.enum(CURRENCIES),
  value: z.int(),
});
export type Money = z.infer<typeof moneySchema>;

/** USD and CAD, the portal's currencies, both count in cents. */
const MINOR_PER_MAJOR = 100;

/** A typed decimal amount in minor units; rounding absorbs the float of the input (12.3 * 100). */
export function toMinorUnits(major: number): number {
  return Math.round(major * MINOR_PER_MAJOR);
}

/** Minor units as the decimal number an amount field shows (1234 -> 12.34). */
export function toMajorUnits(minor: number): number {
  return minor / MINOR_PER_MAJOR;
}

/** Decimal text of minor units, for exports: 12345 -> "123.45", -5 -> "-0.05". */
export function minorUnitsToDecimal(value: number): string {
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  return `${sign}${Math.trunc(abs / MINOR_PER_MAJOR)}.${String(abs % MINOR_PER_MAJOR).padStart(2, '0')}`;
}
