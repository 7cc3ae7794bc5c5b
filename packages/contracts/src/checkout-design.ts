import { z } from 'zod';
import { dateTime } from './date-time.js';

/**
 * The checkout design (issue 14): how the shopper's checkout looks. The merchant edits a draft and
 * publishes it; the shopper's page shows only what was published.
 */

export const BUTTON_STYLES = ['ROUNDED', 'PILL', 'SQUARE'] as const;
export type ButtonStyle = (typeof BUTTON_STYLES)[number];

export const DISPLAY_MODES = ['EMBEDDED', 'MODAL'] as const;

export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml'] as const;
export type LogoType = (typeof LOGO_TYPES)[number];

/** A logo is small: it sits in the checkout's header. */
export const LOGO_MAX_BYTES = 200 * 1024;
/** Pixel bounds of a raster logo (and of an SVG that states its size). */
export const LOGO_MIN_PIXELS = 16;
export const LOGO_MAX_PIXELS = 2000;
/**
 * The upload route's body limit: the base64 text of a file of 256 KB and the JSON around it. A file a
 * little over the logo limit still arrives, to be refused with the limit in words; a larger one is 413.
 */
export const LOGO_UPLOAD_BODY_LIMIT = Math.ceil((256 * 1024) / 3) * 4 + 1024;
/** How many published versions are kept listed for restoring. */
export const DESIGN_VERSIONS_LISTED = 10;

export const COLOR_FIELDS = [
  'primaryColor',
  'buttonColor',
  'buttonTextColor',
  'backgroundColor',
  'textColor',
] as const;
export type ColorField = (typeof COLOR_FIELDS)[number];

/** A color as `#rrggbb`. */
export const hexColorSchema = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, { message: 'checkoutDesign:validation.color' })
  .transform((value) => value.toLowerCase());

const shopNameSchema = z
  .string()
  .trim()
  .min(1, { message: 'checkoutDesign:validation.shopNameRequired' })
  .max(80, { message: 'checkoutDesign:validation.shopNameTooLong' });

/** What the merchant edits: the body of a save and of a publish. */
export const checkoutDesignInputSchema = z.strictObject({
  primaryColor: hexColorSchema,
  buttonColor: hexColorSchema,
  buttonTextColor: hexColorSchema,
  backgroundColor: hexColorSchema,
  textColor: hexColorSchema,
  buttonStyle: z.enum(BUTTON_STYLES),
  displayMode: z.enum(DISPLAY_MODES),
  shopName: shopNameSchema,
  /** An uploaded logo of the merchant's, or none. */
  logoId: z.string().trim().min(1).max(100).nullable(),
});
export type CheckoutDesignInput = z.input<typeof checkoutDesignInputSchema>;
export type CheckoutDesignValues = z.output<typeof checkoutDesignInputSchema>;

/** An uploaded logo as the portal shows it: its bytes as base64, to preview without another call. */
export const checkoutLogoSchema = z.object({
  id: z.string(),
  contentType: z.enum(LOGO_TYPES),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  size: z.number().int(),
  data: z.string(),
});
export type CheckoutLogo = z.infer<typeof checkoutLogoSchema>;

/** A logo upload: the file's bytes as base64 in JSON (the server has no multipart parser). */
export const logoUploadBodySchema = z.strictObject({
  contentType: z.enum(LOGO_TYPES),
  data: z
    .string()
    .max(LOGO_UPLOAD_BODY_LIMIT)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, { message: 'checkoutDesign:validation.logoEncoding' }),
});
export type LogoUploadBody = z.infer<typeof logoUploadBodySchema>;

const designFields = {
  primaryColor: z.string(),
  buttonColor: z.string(),
  buttonTextColor: z.string(),
  backgroundColor: z.string(),
  textColor: z.string(),
  buttonStyle: z.enum(BUTTON_STYLES),
  displayMode: z.enum(DISPLAY_MODES),
  shopName: z.string(),
};

export const checkoutDesignSchema = z.object({ ...designFields, logo: checkoutLogoSchema.nullable() });
export type CheckoutDesign = z.infer<typeof checkoutDesignSchema>;

export const publicationSchema = z.object({
  version: z.number().int(),
  publishedAt: dateTime,
  publishedBy: z.string().nullable(),
});

/** The page's answer: the draft, the last publication, and whether the draft differs from it. */
export const checkoutDesignStateSchema = z.object({
  draft: checkoutDesignSchema,
  published: publicationSchema.nullable(),
  unpublishedChanges: z.boolean(),
});
export type CheckoutDesignState = z.infer<typeof checkoutDesignStateSchema>;

export const designVersionSchema = publicationSchema.extend({
  design: checkoutDesignSchema.omit({ logo: true }).extend({ hasLogo: z.boolean() }),
});
export type DesignVersion = z.infer<typeof designVersionSchema>;

export const designVersionsSchema = z.object({ items: z.array(designVersionSchema) });

export const designVersionParamsSchema = z.strictObject({
  version: z.string().regex(/^[1-9][0-9]{0,8}$/),
});

/** What the shopper's checkout carries: the published design, its logo fetched by the page's link. */
export const shopperDesignSchema = z.object({ ...designFields, hasLogo: z.boolean() });
export type ShopperDesign = z.infer<typeof shopperDesignSchema>;
