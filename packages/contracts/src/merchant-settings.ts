import { z } from 'zod';
import { dataResponseSchema, type ErrorDetail } from './api.js';
import { LOCALES, type Locale } from './brands.js';
import { parseUrl } from './network-address.js';

/** The countries a merchant is in (PRODUCT.md, "Brands"): its address and time zones are of that country. */
export const MERCHANT_COUNTRIES = ['US', 'CA'] as const;
export type MerchantCountry = (typeof MERCHANT_COUNTRIES)[number];

export function isMerchantCountry(value: string): value is MerchantCountry {
  return (MERCHANT_COUNTRIES as readonly string[]).includes(value);
}

/** State codes (with DC and Puerto Rico) and province and territory codes. */
export const REGIONS: Readonly<Record<MerchantCountry, readonly string[]>> = {
  US: [
    'AL',
    'AK',
    'AZ',
    'AR',
    'CA',
    'CO',
    'CT',
    'DE',
    'DC',
    'FL',
    'GA',
    'HI',
    'ID',
    'IL',
    'IN',
    'IA',
    'KS',
    'KY',
    'LA',
    'ME',
    'MD',
    'MA',
    'MI',
    'MN',
    'MS',
    'MO',
    'MT',
    'NE',
    'NV',
    'NH',
    'NJ',
    'NM',
    'NY',
    'NC',
    'ND',
    'OH',
    'OK',
    'OR',
    'PA',
    'PR',
    'RI',
    'SC',
    'SD',
    'TN',
    'TX',
    'UT',
    'VT',
    'VA',
    'WA',
    'WV',
    'WI',
    'WY',
  ],
  CA: ['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT'],
};

/** The IANA zones offered for a country: every date filter, chart, report and export uses the chosen one. */
export const TIME_ZONES: Readonly<Record<MerchantCountry, readonly string[]>> = {
  US: [
    'America/New_York',
    'America/Detroit',
    'America/Indiana/Indianapolis',
    'America/Chicago',
    'America/Denver',
    'America/Phoenix',
    'America/Boise',
    'America/Los_Angeles',
    'America/Anchorage',
    'Pacific/Honolulu',
    'America/Puerto_Rico',
  ],
  CA: [
    'America/St_Johns',
    'America/Halifax',
    'America/Moncton',
    'America/Toronto',
    'America/Winnipeg',
    'America/Regina',
    'America/Edmonton',
    'America/Vancouver',
    'America/Whitehorse',
    'America/Iqaluit',
  ],
};

/** A US ZIP code (5 digits, or ZIP+4) and a Canadian postal code (letters D, F, I, O, Q, U never appear). */
const POSTAL_CODES: Readonly<Record<MerchantCountry, RegExp>> = {
  US: /^\d{5}(-\d{4})?$/,
  CA: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/,
};

/**
 * The validation messages: keys of the portal's texts (`generalSettings:validation.<name>`), which the
 * server answers in its field errors and the portal shows translated.
 */
const MESSAGE_NAMES = [
  'required',
  'tooLong',
  'email',
  'phone',
  'website',
  'region',
  'postalCode',
  'timeZone',
  'language',
] as const;
type MessageName = (typeof MESSAGE_NAMES)[number];
const M = Object.fromEntries(MESSAGE_NAMES.map((name) => [name, `generalSettings:validation.${name}`])) as {
  readonly [N in MessageName]: `generalSettings:validation.${N}`;
};

/** A text that must be given, trimmed, of at most `max` characters. */
export const requiredText = (max: number) => z.string().trim().min(1, M.required).max(max, M.tooLong);
/** A text that may be empty, trimmed, of at most `max` characters. */
export const optionalText = (max: number) => z.string().trim().max(max, M.tooLong);
const text = requiredText;
const PHONE = /^\+?[0-9 ().-]{7,20}$/;

/** A phone number as people write it, with at least 7 digits. */
export const phoneNumberText = () =>
  z
    .string()
    .trim()
    .min(1, M.required)
    .refine((value) => PHONE.test(value) && value.replace(/\D/g, '').length >= 7, { message: M.phone });

/** An address's parts that depend on its country: state or province, ZIP or postal code, time zone. */
export interface RegionalAddress {
  readonly region: string;
  readonly postalCode: string;
  readonly timeZone: string;
}

/** The checks of an address in its country, one detail per field (paths of the body). */
export function addressIssues(address: RegionalAddress, country: MerchantCountry): ErrorDetail[] {
  const issues: ErrorDetail[] = [];
  if (!REGIONS[country].includes(address.region)) issues.push({ path: 'region', message: M.region });
  if (!POSTAL_CODES[country].test(address.postalCode)) {
    issues.push({ path: 'postalCode', message: M.postalCode });
  }
  if (!TIME_ZONES[country].includes(address.timeZone)) issues.push({ path: 'timeZone', message: M.timeZone });
  return issues;
}

/** An https address with a host name; empty means none. */
function isWebsite(value: string): boolean {
  if (value === '') return true;
  const url = parseUrl(value);
  return (
    url?.protocol === 'https:' && url.hostname.includes('.') && url.username === '' && url.password === ''
  );
}

/**
 * What the General settings page edits. The checks that depend on the merchant's country and brand
 * (region, postal code, time zone, language) are `merchantSettingsIssues`, which the server applies
 * after this schema and the form through `merchantSettingsFormSchema`.
 */
export const merchantSettingsBodySchema = z.strictObject({
  /** The display name: what shoppers see on the checkout page and in e-mails. */
  name: text(100),
  legalName: text(200),
  contactEmail: z.string().trim().min(1, M.required).max(320, M.tooLong).pipe(z.email(M.email)),
  contactPhone: phoneNumberText(),
  addressLine1: text(200),
  /** Empty when there is none. */
  addressLine2: optionalText(200),
  city: text(100),
  /** State or province code, e.g. `NY`, `QC`. */
  region: text(3).transform((value) => value.toUpperCase()),
  postalCode: text(10).transform((value) => value.toUpperCase()),
  /** https only; empty when there is none. */
  website: optionalText(2000).refine(isWebsite, { message: M.website }),
  timeZone: text(64),
  /** The default language of the merchant's e-mails. */
  language: z.enum(LOCALES, { message: M.language }),
});
export type MerchantSettingsInput = z.input<typeof merchantSettingsBodySchema>;
export type MerchantSettingsBody = z.output<typeof merchantSettingsBodySchema>;

/** Where a merchant is and which languages its brand speaks: what the other checks depend on. */
export interface MerchantSettingsFrame {
  readonly country: MerchantCountry;
  readonly languages: readonly Locale[];
}

/** The checks that depend on the merchant's country and brand, one detail per field (paths of the body). */
export function merchantSettingsIssues(
  body: MerchantSettingsBody,
  frame: MerchantSettingsFrame,
): ErrorDetail[] {
  const issues = addressIssues(body, frame.country);
  if (!frame.languages.includes(body.language)) issues.push({ path: 'language', message: M.language });
  return issues;
}

/** The form's schema: the body's, with the checks of the merchant's country and brand. */
export function merchantSettingsFormSchema(frame: MerchantSettingsFrame) {
  return merchantSettingsBodySchema.superRefine((body, context) => {
    for (const issue of merchantSettingsIssues(body, frame)) {
      context.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
    }
  });
}

/** The settings as saved: empty texts for no address line 2 and no website, as the form edits them. */
export const merchantSettingsSchema = z.object({
  name: z.string(),
  legalName: z.string(),
  contactEmail: z.string(),
  contactPhone: z.string(),
  addressLine1: z.string(),
  addressLine2: z.string(),
  city: z.string(),
  region: z.string(),
  postalCode: z.string(),
  website: z.string(),
  timeZone: z.string(),
  language: z.enum(LOCALES),
  /** Where the merchant is; not editable here. */
  country: z.enum(MERCHANT_COUNTRIES),
});
export type MerchantSettings = z.infer<typeof merchantSettingsSchema>;

export const merchantSettingsResponseSchema = dataResponseSchema(merchantSettingsSchema);
