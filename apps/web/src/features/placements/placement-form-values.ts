import type { Currency } from '@portal/contracts/money';
import {
  PLACEMENT_MAX_THRESHOLD_MINOR,
  PLACEMENT_PAGE_TYPES,
  PLACEMENT_STYLES,
  PLACEMENT_THEMES,
  type PlacementPageType,
  type Placements,
} from '@portal/contracts/placements';
import { z } from 'zod';

/** One page type as the form edits it: the threshold in minor units (NaN while the field holds no amount). */
const pageValuesSchema = z.object({
  enabled: z.boolean(),
  style: z.enum(PLACEMENT_STYLES),
  theme: z.enum(PLACEMENT_THEMES),
  threshold: z.number().int().min(0).max(PLACEMENT_MAX_THRESHOLD_MINOR),
});
type PageValues = z.infer<typeof pageValuesSchema>;

export type PlacementFormValues = Record<PlacementPageType, PageValues>;

/** The form's values from the saved settings. */
export function formValuesOf(placements: Placements): PlacementFormValues {
  const entry = (page: PlacementPageType): PageValues => ({
    ...placements[page],
    threshold: placements[page].threshold.value,
  });
  return {
    product: entry('product'),
    cart: entry('cart'),
    category: entry('category'),
    checkout: entry('checkout'),
  };
}

/** The form's schema: its values checked, then given the merchant's currency, as the server takes them. */
export function placementFormSchema(currency: Currency): z.ZodType<Placements, PlacementFormValues> {
  return z
    .object({
      product: pageValuesSchema,
      cart: pageValuesSchema,
      category: pageValuesSchema,
      checkout: pageValuesSchema,
    })
    .transform((values) => {
      const entry = (page: PlacementPageType) => ({
        ...values[page],
        threshold: { currency, value: values[page].threshold },
      });
      return {
        product: entry('product'),
        cart: entry('cart'),
        category: entry('category'),
        checkout: entry('checkout'),
      };
    });
}

/** The form field of a server path: `body.placements.cart.threshold.value` is `cart.threshold`. */
export function formFieldOf(
  apiPath: string,
): `${PlacementPageType}.threshold` | `${PlacementPageType}.theme` | null {
  const [, , page, field] = apiPath.split('.');
  const known = PLACEMENT_PAGE_TYPES.find((candidate) => candidate === page);
  if (known === undefined) return null;
  if (field === 'threshold') return `${known}.threshold`;
  if (field === 'theme') return `${known}.theme`;
  return null;
}
