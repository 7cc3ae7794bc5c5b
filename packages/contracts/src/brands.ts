export const BRANDS = ['bread', 'rbc'] as const;
export type Brand = (typeof BRANDS)[number];

export const LOCALES = ['en', 'fr-CA'] as const;
export type Locale = (typeof LOCALES)[number];

/** PRODUCT.md, "Brands": bread is the United States in USD; rbc is Canada in CAD, English and French. */
export const BRAND_PROFILES: Readonly<
  Record<Brand, { country: 'US' | 'CA'; currency: 'USD' | 'CAD'; locales: readonly Locale[] }>
> = {
  bread: { country: 'US', currency: 'USD', locales: ['en'] },
  rbc: { country: 'CA', currency: 'CAD', locales: ['en', 'fr-CA'] },
};
