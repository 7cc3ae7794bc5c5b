import { z } from 'zod';

export const CURRENCIES = ['USD', 'CAD'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** Money in integer minor units, never a float (PRODUCT.md, "Money"). */
export const moneySchema = z.object({
  currency: z.enum(CURRENCIES),
  value: z.number().int(),
});
export type Money = z.infer<typeof moneySchema>;

/** Decimal text of minor units, for exports: 12345 -> "123.45", -5 -> "-0.05". */
export function minorUnitsToDecimal(value: number): string {
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
