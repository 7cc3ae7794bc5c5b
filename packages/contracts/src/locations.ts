import { z } from 'zod';
import { LOCALES, type Locale } from './brands.js';
import { dateTime } from './date-time.js';
import {
  MERCHANT_COUNTRIES,
  addressIssues,
  optionalText,
  phoneNumberText,
  requiredText,
} from './merchant-settings.js';
import { moneySchema } from './money.js';
import { SORT_ORDERS } from './transactions.js';
import type { ErrorDetail } from './api.js';

/**
 * A merchant's stores (PRODUCT.md, "Locations"). An INACTIVE location takes no new in-store sales but
 * keeps its history: transactions still name it, and it can be made ACTIVE again (a store reopens).
 */
export const LOCATION_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export type LocationStatus = (typeof LOCATION_STATUSES)[number];

export const LOCATION_SORTS = ['name', 'storeNumber', 'city', 'status', 'createdAt'] as const;
export type LocationSort = (typeof LOCATION_SORTS)[number];
export const LOCATION_PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_LOCATION_PAGE_SIZE = 25;

const statusList = z.preprocess(
  (value: unknown) => {
    if (value === undefined) return undefined;
    const parts: unknown[] = Array.isArray(value) ? value : [value];
    return parts.flatMap((part) => (typeof part === 'string' ? part.split(',') : [part])).filter(Boolean);
  },
  z.array(z.enum(LOCATION_STATUSES)).max(LOCATION_STATUSES.length).optional(),
);

/** The filters shared by the list and its export. */
const locationFilterFields = {
  /** Part of the name, the store number or the city; any case. */
  search: z.string().trim().max(200).optional(),
  status: statusList,
  sort: z.enum(LOCATION_SORTS).default('name'),
  order: z.enum(SORT_ORDERS).default('asc'),
};

export const locationListQuerySchema = z.strictObject({
  ...locationFilterFields,
  limit: z.coerce
    .number()
    .int()
    .refine((value) => (LOCATION_PAGE_SIZES as readonly number[]).includes(value), 'Use 25, 50 or 100')
    .default(DEFAULT_LOCATION_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type LocationListQuery = z.output<typeof locationListQuerySchema>;

export const locationExportQuerySchema = z.strictObject({
  ...locationFilterFields,
  /** The language of the header row and of the statuses. */
  locale: z.enum(LOCALES).default('en'),
});
export type LocationExportQuery = z.output<typeof locationExportQuerySchema>;

export const locationSchema = z.object({
  id: z.string(),
  name: z.string(),
  storeNumber: z.string(),
  addressLine1: z.string(),
  /** Empty when there is none. */
  addressLine2: z.string(),
  city: z.string(),
  region: z.string(),
  postalCode: z.string(),
  country: z.enum(MERCHANT_COUNTRIES),
  phone: z.string(),
  timeZone: z.string(),
  status: z.enum(LOCATION_STATUSES),
  createdAt: dateTime,
  updatedAt: dateTime,
  /** When it was last deactivated; null while ACTIVE. */
  deactivatedAt: dateTime.nullable(),
});
export type Location = z.infer<typeof locationSchema>;

export const locationListResponseSchema = z.object({
  items: z.array(locationSchema),
  pagination: z.object({
    offset: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
  }),
});
export type LocationListPage = z.infer<typeof locationListResponseSchema>;

/** The location's own figures of the current calendar month in the merchant's time zone. */
export const locationFiguresSchema = z.object({
  /** The first day of the month, `YYYY-MM-DD`. */
  monthStart: z.iso.date(),
  /** Transactions created at the location this month, whatever their status. */
  transactionCount: z.number().int(),
  /** What was settled of them (minor units), as the data insights count settled sales. */
  settledSales: moneySchema,
});
export type LocationFigures = z.infer<typeof locationFiguresSchema>;

export const locationDetailSchema = z.object({
  location: locationSchema,
  figures: locationFiguresSchema,
});
export type LocationDetail = z.infer<typeof locationDetailSchema>;

/**
 * What the add and edit forms send. The region, postal code and time zone are checked against the
 * country by `locationIssues`, which the server applies after this schema and the form through
 * `locationFormSchema`.
 */
export const locationBodySchema = z.strictObject({
  name: requiredText(100),
  /** The merchant's own number for the store, unique among its locations. */
  storeNumber: requiredText(20),
  addressLine1: requiredText(200),
  addressLine2: optionalText(200),
  city: requiredText(100),
  region: requiredText(3).transform((value) => value.toUpperCase()),
  postalCode: requiredText(10).transform((value) => value.toUpperCase()),
  country: z.enum(MERCHANT_COUNTRIES),
  phone: phoneNumberText(),
  timeZone: requiredText(64),
});
export type LocationInput = z.input<typeof locationBodySchema>;
export type LocationBody = z.output<typeof locationBodySchema>;

/** The checks of the address in the location's own country, one detail per field. */
export function locationIssues(body: LocationBody): ErrorDetail[] {
  return addressIssues(body, body.country);
}

/** The form's schema: the body's, with the checks of the chosen country. */
export const locationFormSchema = locationBodySchema.superRefine((body, context) => {
  for (const issue of locationIssues(body)) {
    context.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  }
});

/** Deactivate or reactivate. */
export const LOCATION_STATUS_ACTIONS = ['deactivate', 'reactivate'] as const;
export type LocationStatusAction = (typeof LOCATION_STATUS_ACTIONS)[number];

/** The export's columns, in order, with their header in each language. */
export const LOCATION_CSV_COLUMNS = [
  'name',
  'storeNumber',
  'status',
  'addressLine1',
  'addressLine2',
  'city',
  'region',
  'postalCode',
  'country',
  'phone',
  'timeZone',
  'createdAt',
  'deactivatedAt',
] as const;
type LocationCsvColumn = (typeof LOCATION_CSV_COLUMNS)[number];

const CSV_HEADERS: Readonly<Record<Locale, Readonly<Record<LocationCsvColumn, string>>>> = {
  en: {
    name: 'Name',
    storeNumber: 'Store number',
    status: 'Status',
    addressLine1: 'Address line 1',
    addressLine2: 'Address line 2',
    city: 'City',
    region: 'State or province',
    postalCode: 'ZIP or postal code',
    country: 'Country',
    phone: 'Phone',
    timeZone: 'Time zone',
    createdAt: 'Added at',
    deactivatedAt: 'Deactivated at',
  },
  'fr-CA': {
    name: 'Nom',
    storeNumber: 'No de magasin',
    status: 'Statut',
    addressLine1: 'Adresse, ligne 1',
    addressLine2: 'Adresse, ligne 2',
    city: 'Ville',
    region: 'État ou province',
    postalCode: 'Code ZIP ou postal',
    country: 'Pays',
    phone: 'Téléphone',
    timeZone: 'Fuseau horaire',
    createdAt: 'Ajouté le',
    deactivatedAt: 'Désactivé le',
  },
};

/** The header row; the dates are in the merchant's time zone, which it names. */
export function locationCsvHeaders(locale: Locale, timeZone: string): string[] {
  return LOCATION_CSV_COLUMNS.map((column) => {
    const header = CSV_HEADERS[locale][column];
    return column === 'createdAt' || column === 'deactivatedAt' ? `${header} (${timeZone})` : header;
  });
}

/** The statuses as the export writes them. */
export const LOCATION_STATUS_WORDS: Readonly<Record<Locale, Readonly<Record<LocationStatus, string>>>> = {
  en: { ACTIVE: 'Active', INACTIVE: 'Inactive' },
  'fr-CA': { ACTIVE: 'Actif', INACTIVE: 'Inactif' },
};
