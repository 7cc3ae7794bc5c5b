import { z } from 'zod';
import type { Locale } from './brands.js';
import { paginationSchema } from './api.js';
import { dateTime } from './date-time.js';
import { moneySchema } from './money.js';
import { SORT_ORDERS } from './transactions.js';

/**
 * The targeting export (bread only): the shoppers who prequalified or applied in a window and have not
 * completed a checkout since, one row per shopper (e-mail, any case), for a merchant's marketing.
 * The window is two calendar days of the merchant's time zone, both included.
 */

/** A shopper's latest checkout: none started yet, or started and left. Completed ones are not exported. */
export const TARGETING_CHECKOUT_STATUSES = ['NOT_STARTED', 'ABANDONED'] as const;
export type TargetingCheckoutStatus = (typeof TARGETING_CHECKOUT_STATUSES)[number];

/** Whether the shopper was approved for financing in the window. */
export const HAS_FINANCING_VALUES = ['yes', 'no'] as const;
export type HasFinancing = (typeof HAS_FINANCING_VALUES)[number];

/** The window when none is given: the last 30 days, today included. */
export const TARGETING_DEFAULT_DAYS = 30;
/** The longest window: from a day to the same day a year later (both included). */
function yearBefore(day: string): string {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  // 29 February's year before has none: the 28th.
  const last = new Date(Date.UTC(year - 1, month, 0)).getUTCDate();
  return `${String(year - 1).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(date, last)).padStart(2, '0')}`;
}

/** What is wrong with a window (days `YYYY-MM-DD`, both included) on `today`, and which field says it. */
export type TargetingWindowProblem =
  | { field: 'from' | 'to'; reason: 'targeting.window_in_future' }
  | { field: 'to'; reason: 'targeting.window_backwards' }
  | { field: 'from'; reason: 'targeting.window_too_long' };

/**
 * The window's rules, the same for the portal's form and the server's refusals: no day after today,
 * the end not before the start, at most a year.
 */
export function targetingWindowProblem(
  from: string,
  to: string,
  today: string,
): TargetingWindowProblem | null {
  if (from > today) return { field: 'from', reason: 'targeting.window_in_future' };
  if (to > today) return { field: 'to', reason: 'targeting.window_in_future' };
  if (from > to) return { field: 'to', reason: 'targeting.window_backwards' };
  if (from < yearBefore(to)) return { field: 'from', reason: 'targeting.window_too_long' };
  return null;
}
/** Rows of the preview; the download has them all. */
export const TARGETING_PREVIEW_ROWS = 20;
/** The history's page sizes, as the other lists'. */
export const TARGETING_HISTORY_PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_TARGETING_HISTORY_PAGE_SIZE = 25;
/** What the history sorts by: when the export was taken, or how many shoppers it held. */
export const TARGETING_HISTORY_SORTS = ['createdAt', 'rowCount'] as const;

/** Several values, as repeated parameters (`programID=A&programID=B`) or one comma-separated. */
const idList = z.preprocess(
  (value: unknown) => {
    if (value === undefined) return undefined;
    const parts: unknown[] = Array.isArray(value) ? value : [value];
    return parts
      .flatMap((part) => (typeof part === 'string' ? part.split(',') : [part]))
      .filter((part) => part !== '');
  },
  z.array(z.string().trim().min(1).max(100)).max(500).optional(),
);

/**
 * The selection: the window (days of the merchant's zone; default the last 30 days), the programs
 * (none: every program; the portal sends its program selection here), financing and checkout status.
 * The window's rules (order, length, not in the future) are the server's refusals, said by field.
 */
export const targetingFilterSchema = z.strictObject({
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  programID: idList,
  hasFinancing: z.enum(HAS_FINANCING_VALUES).optional(),
  checkoutStatus: z.enum(TARGETING_CHECKOUT_STATUSES).optional(),
});
export type TargetingFilter = z.output<typeof targetingFilterSchema>;

export const targetingRowSchema = z.object({
  /** Lower case: the shopper's key. */
  email: z.string(),
  /** The name of the shopper's latest application. */
  name: z.string(),
  /** Null when the shopper applied without prequalifying. */
  latestPrequalifiedAt: dateTime.nullable(),
  hasFinancing: z.boolean(),
  checkoutStatus: z.enum(TARGETING_CHECKOUT_STATUSES),
  /** Checkouts started (and left) in the window. */
  checkouts: z.number().int(),
  /** The cart of the latest application that had one. */
  cartAmount: z.nullable(moneySchema),
});
export type TargetingRow = z.infer<typeof targetingRowSchema>;

/** The window as the server read it, with the zone it was read in. */
const windowFields = {
  from: z.iso.date(),
  to: z.iso.date(),
  timeZone: z.string(),
};

export const targetingPreviewSchema = z.object({
  ...windowFields,
  items: z.array(targetingRowSchema),
  /** Every shopper of the selection; the preview shows the first TARGETING_PREVIEW_ROWS. */
  total: z.number().int(),
});
export type TargetingPreview = z.infer<typeof targetingPreviewSchema>;

export const targetingExportSchema = z.object({
  id: z.string(),
  createdAt: dateTime,
  /** Who took it. */
  userEmail: z.string(),
  ...windowFields,
  programIDs: z.array(z.string()),
  hasFinancing: z.enum(HAS_FINANCING_VALUES).nullable(),
  checkoutStatus: z.enum(TARGETING_CHECKOUT_STATUSES).nullable(),
  rowCount: z.number().int(),
});
export type TargetingExport = z.infer<typeof targetingExportSchema>;

/** The history's filters and order: the user who exported and the days it was taken on (the merchant's days, both included). */
const historyFilterFields = {
  userId: z.string().trim().min(1).max(100).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  sort: z.enum(TARGETING_HISTORY_SORTS).default('createdAt'),
  order: z.enum(SORT_ORDERS).default('desc'),
};

function checkHistoryDays(
  query: { from?: string | undefined; to?: string | undefined },
  context: z.RefinementCtx,
) {
  if (query.from !== undefined && query.to !== undefined && query.from > query.to) {
    context.addIssue({ code: 'custom', path: ['to'], message: 'The end date is before the start date' });
  }
}

/** A page of the history, sorted by date or rows (ties newest first). */
export const targetingHistoryQuerySchema = z
  .strictObject({
    ...historyFilterFields,
    limit: z.coerce
      .number()
      .int()
      .refine((value) => (TARGETING_HISTORY_PAGE_SIZES as readonly number[]).includes(value), {
        message: `The page size is one of ${TARGETING_HISTORY_PAGE_SIZES.join(', ')}`,
      })
      .default(DEFAULT_TARGETING_HISTORY_PAGE_SIZE),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  })
  .superRefine(checkHistoryDays);
export type TargetingHistoryQuery = z.output<typeof targetingHistoryQuerySchema>;

export const targetingHistoryPageSchema = z.object({
  data: z.object({ items: z.array(targetingExportSchema), pagination: paginationSchema }),
});
export type TargetingHistoryPage = z.infer<typeof targetingHistoryPageSchema>['data'];

/** The users who took an export of the merchant's (their e-mail then), for the history's user filter. */
export const targetingExportersSchema = z.object({
  users: z.array(z.object({ userId: z.string(), email: z.string() })),
});
export type TargetingExporters = z.infer<typeof targetingExportersSchema>;

/** The language of the header row and the words of a file. */
const fileLocale = z.enum(['en', 'fr-CA']).default('en');

export const targetingFileQuerySchema = z.strictObject({ locale: fileLocale });

/** The whole history as the list shows it (filters and order), in a file. */
export const targetingHistoryExportQuerySchema = z
  .strictObject({ ...historyFilterFields, locale: fileLocale })
  .superRefine(checkHistoryDays);
export type TargetingHistoryExportQuery = z.output<typeof targetingHistoryExportQuerySchema>;

/** The file's columns, in order, with their header in each language. */
export const TARGETING_CSV_COLUMNS = [
  'latestPrequalifiedAt',
  'name',
  'email',
  'hasFinancing',
  'checkoutStatus',
  'checkouts',
  'currency',
  'cartAmount',
] as const;
type TargetingCsvColumn = (typeof TARGETING_CSV_COLUMNS)[number];

const CSV_HEADERS: Readonly<Record<Locale, Readonly<Record<TargetingCsvColumn, string>>>> = {
  en: {
    latestPrequalifiedAt: 'Latest prequalification',
    name: 'Name',
    email: 'E-mail',
    hasFinancing: 'Has financing',
    checkoutStatus: 'Latest checkout status',
    checkouts: 'Checkouts',
    currency: 'Currency',
    cartAmount: 'Cart amount',
  },
  'fr-CA': {
    latestPrequalifiedAt: 'Dernière préqualification',
    name: 'Nom',
    email: 'Courriel',
    hasFinancing: 'Financement obtenu',
    checkoutStatus: 'Statut du dernier paiement',
    checkouts: 'Paiements',
    currency: 'Devise',
    cartAmount: 'Montant du panier',
  },
};

/** The header row's cells: the date column names the time zone its values are in. */
export function targetingCsvHeaders(locale: Locale, timeZone: string): string[] {
  return TARGETING_CSV_COLUMNS.map((column) => {
    const header = CSV_HEADERS[locale][column];
    return column === 'latestPrequalifiedAt' ? `${header} (${timeZone})` : header;
  });
}

/** The history file's columns, in order, with their header in each language. */
const TARGETING_HISTORY_CSV_COLUMNS = [
  'createdAt',
  'user',
  'from',
  'to',
  'timeZone',
  'programs',
  'hasFinancing',
  'checkoutStatus',
  'rowCount',
] as const;
type TargetingHistoryCsvColumn = (typeof TARGETING_HISTORY_CSV_COLUMNS)[number];

const HISTORY_CSV_HEADERS: Readonly<Record<Locale, Readonly<Record<TargetingHistoryCsvColumn, string>>>> = {
  en: {
    createdAt: 'Exported at',
    user: 'Exported by',
    from: 'Window from',
    to: 'Window to',
    timeZone: 'Window time zone',
    programs: 'Programs',
    hasFinancing: 'Has financing',
    checkoutStatus: 'Latest checkout status',
    rowCount: 'Shoppers',
  },
  'fr-CA': {
    createdAt: 'Exportée le',
    user: 'Exportée par',
    from: 'Période du',
    to: 'Période au',
    timeZone: 'Fuseau horaire de la période',
    programs: 'Programmes',
    hasFinancing: 'Financement obtenu',
    checkoutStatus: 'Statut du dernier paiement',
    rowCount: 'Clients',
  },
};

/** The history file's header row: the date column names the time zone its values are in. */
export function targetingHistoryCsvHeaders(locale: Locale, timeZone: string): string[] {
  return TARGETING_HISTORY_CSV_COLUMNS.map((column) => {
    const header = HISTORY_CSV_HEADERS[locale][column];
    return column === 'createdAt' ? `${header} (${timeZone})` : header;
  });
}
