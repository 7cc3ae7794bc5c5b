import { z } from 'zod';
import { dataResponseSchema, listResponseSchema } from './api.js';
import { LOCALES } from './brands.js';
import { CURRENCIES } from './money.js';

export const MERCHANTS_MAX_LIMIT = 100;
export const MERCHANTS_DEFAULT_LIMIT = 20;

export const merchantsQuerySchema = z.strictObject({
  /** Part of the merchant's name, any case. */
  search: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(MERCHANTS_MAX_LIMIT).default(MERCHANTS_DEFAULT_LIMIT),
  offset: z.coerce.number().int().min(0).default(0),
});

export const merchantSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  legalName: z.string(),
});
export type MerchantSummary = z.infer<typeof merchantSummarySchema>;

export const merchantsResponseSchema = listResponseSchema(merchantSummarySchema);

export const currentMerchantSchema = z.object({
  id: z.string(),
  name: z.string(),
  legalName: z.string(),
  /** IANA time zone; dates, "today" and exports use it. */
  timeZone: z.string(),
  currency: z.enum(CURRENCIES),
  language: z.enum(LOCALES),
});
export type CurrentMerchant = z.infer<typeof currentMerchantSchema>;

export const currentMerchantResponseSchema = dataResponseSchema(currentMerchantSchema);
