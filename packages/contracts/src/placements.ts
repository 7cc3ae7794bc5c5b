import { z } from 'zod';
import { LOCALES } from './brands.js';
import { dateTime } from './date-time.js';
import { PRODUCT_TYPES } from './enums.js';
import { CURRENCIES, moneySchema } from './money.js';

/** The pages of a merchant's site that can show the on-site message (PRODUCT.md, "Settings"). */
export const PLACEMENT_PAGE_TYPES = ['product', 'cart', 'category', 'checkout'] as const;
export type PlacementPageType = (typeof PLACEMENT_PAGE_TYPES)[number];

export const PLACEMENT_STYLES = ['text', 'button'] as const;
export type PlacementStyle = (typeof PLACEMENT_STYLES)[number];

export const PLACEMENT_THEMES = ['light', 'dark', 'brand'] as const;
export type PlacementTheme = (typeof PLACEMENT_THEMES)[number];

/** $1,000,000.00: far above any purchase financed here, low enough to stay an exact integer. */
export const PLACEMENT_MAX_THRESHOLD_MINOR = 100_000_000;

export const placementSchema = z.strictObject({
  enabled: z.boolean(),
  style: z.enum(PLACEMENT_STYLES),
  theme: z.enum(PLACEMENT_THEMES),
  /** Below this amount the page shows no message. */
  threshold: z.object({
    ...moneySchema.shape,
    value: z.number().int().min(0).max(PLACEMENT_MAX_THRESHOLD_MINOR),
  }),
});
export type Placement = z.infer<typeof placementSchema>;

/** One entry per page type, none missing, none unknown (strict). */
export const placementsSchema = z.strictObject({
  product: placementSchema,
  cart: placementSchema,
  category: placementSchema,
  checkout: placementSchema,
});
export type Placements = z.infer<typeof placementsSchema>;

export const placementSettingsSchema = z.object({
  placements: placementsSchema,
  /** Null until the merchant first saves: the placements are then the defaults, all off. */
  updatedAt: dateTime.nullable(),
});
export type PlacementSettings = z.infer<typeof placementSettingsSchema>;

export const placementSettingsUpdateSchema = z.strictObject({ placements: placementsSchema });

/** Every page off, with no threshold: what a merchant has before saving anything. */
export function defaultPlacements(currency: (typeof CURRENCIES)[number]): Placements {
  const off: Placement = { enabled: false, style: 'text', theme: 'light', threshold: { currency, value: 0 } };
  return { product: off, cart: off, category: off, checkout: off };
}

export const PLAN_FREQUENCIES = ['MONTHLY', 'BIWEEKLY'] as const;
export type PlanFrequency = (typeof PLAN_FREQUENCIES)[number];

/** The terms of one payment product a merchant is enrolled in, as a shopper may see them. */
export const planTermsSchema = z.object({
  productType: z.enum(PRODUCT_TYPES),
  frequency: z.enum(PLAN_FREQUENCIES),
  numPayments: z.number().int().min(1),
  /** Annual rate in basis points (799 is 7.99 % APR); 0 is split-pay without interest. */
  rateBps: z.number().int().min(0),
});
export type PlanTerms = z.infer<typeof planTermsSchema>;

/** The plans of the merchant's ACTIVE enrollments, for the portal's preview. */
export const placementPlansSchema = z.object({
  currency: z.enum(CURRENCIES),
  plans: z.array(planTermsSchema),
});
export type PlacementPlans = z.infer<typeof placementPlansSchema>;

/** The message of one amount: its text in the asked language and the figure it shows. */
export const placementMessageSchema = z.object({
  text: z.string(),
  payment: moneySchema,
  plan: planTermsSchema,
});

/** What the public script reads: only what a shopper may see, nothing internal (no ids but the merchant's). */
export const publicPlacementConfigSchema = z.object({
  merchantId: z.string(),
  locale: z.enum(LOCALES),
  currency: z.enum(CURRENCIES),
  /** The page types the merchant turned on, with how they look. */
  placements: z.array(
    z.object({
      pageType: z.enum(PLACEMENT_PAGE_TYPES),
      style: z.enum(PLACEMENT_STYLES),
      theme: z.enum(PLACEMENT_THEMES),
      threshold: moneySchema,
    }),
  ),
  plans: z.array(planTermsSchema),
  /** Given `amount` and `page`: the message, or null below the threshold, for a page turned off or no plan. */
  message: placementMessageSchema.nullable().optional(),
});
export type PublicPlacementConfig = z.infer<typeof publicPlacementConfigSchema>;

export const publicPlacementConfigQuerySchema = z.strictObject({
  /** The price on the merchant's page, in minor units of the merchant's currency. */
  amount: z.coerce.number().int().min(0).max(PLACEMENT_MAX_THRESHOLD_MINOR).optional(),
  page: z.enum(PLACEMENT_PAGE_TYPES).optional(),
  /** The snippet's `data-lang`; else the merchant's language. */
  lang: z.enum(LOCALES).optional(),
});

export const publicPlacementParamsSchema = z.strictObject({
  merchantId: z.string().trim().min(1).max(100),
});
