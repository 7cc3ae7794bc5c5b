import { z } from 'zod';
import { dateTime } from './date-time.js';
import { paginationSchema } from './api.js';
import type { Locale } from './brands.js';
import { CHANNELS, PRODUCT_TYPES } from './enums.js';
import { DAY_MS } from './constants.js';
import { moneySchema } from './money.js';

export const TRANSACTION_ACTIONS = ['settle', 'cancel', 'refund'] as const;
export type TransactionAction = (typeof TRANSACTION_ACTIONS)[number];

/**
 * PRODUCT.md, "Transactions": PENDING → AUTHORIZED → SETTLED → REFUNDED, PENDING|AUTHORIZED → CANCELLED,
 * PENDING|AUTHORIZED → EXPIRED. Partial amounts are labels (below), never statuses.
 */
export const TRANSACTION_STATUSES = [
  'PENDING',
  'AUTHORIZED',
  'SETTLED',
  'REFUNDED',
  'CANCELLED',
  'EXPIRED',
] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/** What the list shows in its status column: the status, or a partial state computed from the amounts. */
export const TRANSACTION_LABELS = [
  ...TRANSACTION_STATUSES,
  'PARTIALLY_SETTLED',
  'PARTIALLY_REFUNDED',
  'PARTIALLY_CANCELLED',
] as const;
export type TransactionLabel = (typeof TRANSACTION_LABELS)[number];

/** An authorization not settled within this many days of its creation expires (PRODUCT.md). */
export const AUTHORIZATION_LIFETIME_DAYS = 90;
const AUTHORIZATION_LIFETIME_MS = AUTHORIZATION_LIFETIME_DAYS * DAY_MS;

/** When an authorization created at `createdAt` lapses unless settled. */
export function authorizationExpiresAt(createdAt: string): string {
  return new Date(Date.parse(createdAt) + AUTHORIZATION_LIFETIME_MS).toISOString();
}

/** Authorizations created at or before this instant have expired by `now`. */
export function authorizationExpiryCutoff(now: Date): string {
  return new Date(now.getTime() - AUTHORIZATION_LIFETIME_MS).toISOString();
}

/** What the provider charges the merchant on each settlement, in basis points of the amount settled. */
const SETTLEMENT_FEE_BPS = 250;

/**
 * The provider's fee on a settlement of `amount` minor units, rounded to a whole minor unit. It keeps
 * its fee on settlement and returns none on a refund.
 */
export function settlementFee(amount: number): number {
  return Math.round((amount * SETTLEMENT_FEE_BPS) / 10_000);
}

export const TRANSACTION_PAGE_SIZES = [25, 50, 100] as const;
export type TransactionPageSize = (typeof TRANSACTION_PAGE_SIZES)[number];
export const DEFAULT_TRANSACTION_PAGE_SIZE: TransactionPageSize = 25;
/**
 * Offset pages stop here: a larger OFFSET makes the database walk every skipped row. Deeper pages
 * follow `nextCursor`, which costs the same at any depth.
 */
export const MAX_TRANSACTION_OFFSET = 10_000;

/**
 * A search counts (and sums) at most this many matching transactions: beyond, the answer says that its
 * figures are lower bounds (`totalIsCapped`, `countIsCapped`) and the portal shows "10,000+", so that no
 * call reads every one of a million matches to draw a page.
 */
export const SEARCH_COUNT_CAP = 10_000;

/** What the list sorts by: each has a database index of its own (server, transactions repository). */
export const TRANSACTION_SORTS = ['createdAt', 'externalID', 'total', 'settled', 'refunded'] as const;
export type TransactionSort = (typeof TRANSACTION_SORTS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export const addressSchema = z.object({
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  /** State or province code, e.g. `NY`, `QC`. */
  region: z.string(),
  postalCode: z.string(),
  /** ISO 3166-1 alpha-2. */
  country: z.string(),
});
export type Address = z.infer<typeof addressSchema>;

export const customerSchema = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  billingAddress: addressSchema.nullable(),
  shippingAddress: addressSchema.nullable(),
});

export const transactionSchema = z.object({
  id: z.string(),
  /** The merchant's order id. */
  externalID: z.string(),
  programID: z.string(),
  programName: z.string(),
  /** In-store transactions have a location; online ones do not. */
  locationID: z.string().nullable(),
  locationName: z.string().nullable(),
  productType: z.enum(PRODUCT_TYPES),
  channel: z.enum(CHANNELS),
  fromCart: z.boolean(),
  customer: customerSchema,
  total: moneySchema,
  tax: moneySchema,
  shipping: moneySchema,
  discount: moneySchema,
  settled: moneySchema,
  refunded: moneySchema,
  cancelled: moneySchema,
  /** An authorization older than AUTHORIZATION_LIFETIME_DAYS reads EXPIRED whatever was stored. */
  status: z.enum(TRANSACTION_STATUSES),
  label: z.enum(TRANSACTION_LABELS),
  createdAt: dateTime,
  updatedAt: dateTime,
  /** When the authorization lapses unless settled: createdAt + AUTHORIZATION_LIFETIME_DAYS. */
  expiresAt: dateTime,
});
export type Transaction = z.infer<typeof transactionSchema>;

/**
 * One line of a transaction's history. CREATED, AUTHORIZED and EXPIRED come from the transaction's own
 * dates; SETTLED, CANCELLED and REFUNDED are the actions people took, with the amount of each.
 */
export const TRANSACTION_EVENT_TYPES = [
  'CREATED',
  'AUTHORIZED',
  'SETTLED',
  'CANCELLED',
  'REFUNDED',
  'EXPIRED',
] as const;

/** USER: someone signed in to the portal; CUSTOMER: the shopper; SYSTEM: the provider's platform. */
export const ACTOR_TYPES = ['USER', 'CUSTOMER', 'SYSTEM'] as const;
export type ActorType = (typeof ACTOR_TYPES)[number];

export const transactionEventSchema = z.object({
  type: z.enum(TRANSACTION_EVENT_TYPES),
  /** The amount created, authorized, settled, cancelled or refunded; null for EXPIRED. */
  amount: z.nullable(moneySchema),
  actor: z.object({
    type: z.enum(ACTOR_TYPES),
    name: z.string(),
    email: z.string().nullable(),
  }),
  at: dateTime,
});
export type TransactionEvent = z.infer<typeof transactionEventSchema>;

export const transactionDetailSchema = transactionSchema.extend({
  history: z.array(transactionEventSchema),
});
export type TransactionDetail = z.infer<typeof transactionDetailSchema>;

/** Several values, as repeated parameters (`status=A&status=B`) or one comma-separated (`status=A,B`). */
function multiValue<T extends z.ZodType>(item: T, max: number) {
  return z.preprocess((value: unknown) => {
    if (value === undefined) return undefined;
    const parts: unknown[] = Array.isArray(value) ? value : [value];
    return parts
      .flatMap((part) => (typeof part === 'string' ? part.split(',') : [part]))
      .filter((part) => part !== '');
  }, z.array(item).max(max).optional());
}

const idText = z.string().trim().min(1).max(100);
const minorUnits = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/**
 * The filters shared by the list, the totals and the export. `from` and `to` are days in the merchant's
 * time zone, both included. Amounts are minor units of the merchant's currency, compared with the total.
 */
export const transactionFilterSchema = z.strictObject({
  status: multiValue(z.enum(TRANSACTION_STATUSES), TRANSACTION_STATUSES.length),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  /** The program selection of the specification (§3) arrives here; none means every program. */
  programID: multiValue(idText, 500),
  locationID: idText.optional(),
  productType: z.enum(PRODUCT_TYPES).optional(),
  channel: z.enum(CHANNELS).optional(),
  minAmount: minorUnits.optional(),
  maxAmount: minorUnits.optional(),
  /**
   * Found anywhere in the transaction id, order id, customer name or e-mail, any case; a term of one or
   * two characters matches their beginnings only.
   */
  search: z.string().trim().max(200).optional(),
  sort: z.enum(TRANSACTION_SORTS).default('createdAt'),
  order: z.enum(SORT_ORDERS).default('desc'),
});

function checkRanges(
  query: { from?: string | undefined; to?: string | undefined; minAmount?: number; maxAmount?: number },
  context: z.RefinementCtx,
): void {
  if (query.from !== undefined && query.to !== undefined && query.from > query.to) {
    context.addIssue({ code: 'custom', path: ['to'], message: 'The end date is before the start date' });
  }
  if (query.minAmount !== undefined && query.maxAmount !== undefined && query.minAmount > query.maxAmount) {
    context.addIssue({
      code: 'custom',
      path: ['maxAmount'],
      message: 'The largest amount is below the smallest amount',
    });
  }
}

export const transactionTotalsQuerySchema = transactionFilterSchema.superRefine(checkRanges);
export type TransactionTotalsQuery = z.output<typeof transactionTotalsQuerySchema>;

export const transactionListQuerySchema = transactionFilterSchema
  .extend({
    limit: z.coerce
      .number()
      .int()
      .refine((value) => (TRANSACTION_PAGE_SIZES as readonly number[]).includes(value), {
        message: `The page size is one of ${TRANSACTION_PAGE_SIZES.join(', ')}`,
      })
      .default(DEFAULT_TRANSACTION_PAGE_SIZE),
    offset: z.coerce.number().int().min(0).max(MAX_TRANSACTION_OFFSET).optional(),
    /** The `nextCursor` of the previous page; the filters and the sort must be the same as for that page. */
    cursor: z.string().min(1).max(1_000).optional(),
  })
  .superRefine((query, context) => {
    checkRanges(query, context);
    if (query.cursor !== undefined && query.offset !== undefined && query.offset > 0) {
      context.addIssue({
        code: 'custom',
        path: ['offset'],
        message: 'Send either an offset or a cursor, not both',
      });
    }
  });
export type TransactionListQuery = z.output<typeof transactionListQuerySchema>;

export const transactionExportQuerySchema = transactionFilterSchema
  .extend({
    /** The language of the header row. */
    locale: z.enum(['en', 'fr-CA']).default('en'),
  })
  .superRefine(checkRanges);
export type TransactionExportQuery = z.output<typeof transactionExportQuerySchema>;

/** The list shape of the API (`data.items`, `data.pagination`) plus the cursor of the next page. */
export const transactionListResponseSchema = z.object({
  data: z.object({
    items: z.array(transactionSchema),
    /**
     * `offset` is the position of the first item, also on a page reached by cursor. `totalIsCapped`: a
     * search matched more than `SEARCH_COUNT_CAP` transactions and `total` is that cap, a lower bound.
     */
    pagination: z.object({ ...paginationSchema.shape, totalIsCapped: z.boolean().default(false) }),
    /** Null on the last page. */
    nextCursor: z.string().nullable(),
    /** The merchant's IANA time zone, in which `from` and `to` were read. */
    timeZone: z.string(),
  }),
});
export type TransactionListResponse = z.infer<typeof transactionListResponseSchema>;

export const transactionTotalsSchema = z.object({
  count: z.number().int().nonnegative(),
  /** Sum of the totals. */
  gross: moneySchema,
  settled: moneySchema,
  refunded: moneySchema,
  /**
   * A search matched more than `SEARCH_COUNT_CAP` transactions: `count` is that cap and the sums are
   * of the transactions counted, all lower bounds.
   */
  countIsCapped: z.boolean().default(false),
});
export type TransactionTotals = z.infer<typeof transactionTotalsSchema>;

/**
 * `amount` left out, or no body at all: the whole rest (everything left to settle, to cancel or to
 * refund). A request without a body reaches the server as null.
 */
export const transactionActionBodySchema = z
  .strictObject({
    amount: z
      .object({ ...moneySchema.shape, value: z.number().int().positive().max(Number.MAX_SAFE_INTEGER) })
      .optional(),
  })
  .nullish();
export type TransactionActionBody = z.infer<typeof transactionActionBodySchema>;

export const locationOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  storeNumber: z.string(),
  status: z.enum(['ACTIVE', 'INACTIVE']),
});
export type LocationOption = z.infer<typeof locationOptionSchema>;

/** What the actions and the label read: the status as shown (EXPIRED included), amounts in minor units. */
export interface TransactionState {
  status: TransactionStatus;
  total: number;
  settled: number;
  refunded: number;
  cancelled: number;
  expiresAt: string;
}

/**
 * How much each action can still take, in minor units; 0 where the action is not possible. The unsettled
 * rest can be settled or cancelled until the authorization lapses; once anything was refunded it can only
 * be cancelled (a refund is final: settling more after it would charge what the customer was refunded).
 * What was settled can be refunded at any time.
 */
export function remainingAmounts(
  transaction: TransactionState,
  now: Date = new Date(),
): Record<TransactionAction, number> {
  const { status, total, settled, refunded, cancelled, expiresAt } = transaction;
  const open =
    status === 'EXPIRED' || status === 'CANCELLED' || Date.parse(expiresAt) <= now.getTime()
      ? 0
      : total - settled - cancelled;
  return {
    settle: status === 'PENDING' || refunded > 0 ? 0 : open,
    cancel: open,
    refund: settled - refunded,
  };
}

/** The partial state the list shows, computed from the amounts (PRODUCT.md: labels, not statuses). */
export function transactionLabel(transaction: Omit<TransactionState, 'expiresAt'>): TransactionLabel {
  const { status, total, settled, refunded, cancelled } = transaction;
  switch (status) {
    case 'SETTLED':
      return settled + cancelled < total ? 'PARTIALLY_SETTLED' : 'SETTLED';
    case 'REFUNDED':
      return refunded < settled ? 'PARTIALLY_REFUNDED' : 'REFUNDED';
    case 'PENDING':
    case 'AUTHORIZED':
      return cancelled > 0 ? 'PARTIALLY_CANCELLED' : status;
    case 'CANCELLED':
    case 'EXPIRED':
      return status;
  }
}

/** The export's columns, in order, with their header in each language. */
export const TRANSACTION_CSV_COLUMNS = [
  'createdAt',
  'id',
  'externalID',
  'status',
  'label',
  'customerName',
  'customerEmail',
  'customerPhone',
  'programName',
  'productType',
  'channel',
  'locationName',
  'fromCart',
  'currency',
  'total',
  'tax',
  'shipping',
  'discount',
  'settled',
  'refunded',
  'cancelled',
  'updatedAt',
  'expiresAt',
] as const;
export type TransactionCsvColumn = (typeof TRANSACTION_CSV_COLUMNS)[number];

const CSV_HEADERS: Readonly<Record<Locale, Readonly<Record<TransactionCsvColumn, string>>>> = {
  en: {
    createdAt: 'Created at',
    id: 'Transaction ID',
    externalID: 'Merchant order ID',
    status: 'Status',
    label: 'Status detail',
    customerName: 'Customer name',
    customerEmail: 'Customer e-mail',
    customerPhone: 'Customer phone',
    programName: 'Program',
    productType: 'Product',
    channel: 'Channel',
    locationName: 'Location',
    fromCart: 'From cart',
    currency: 'Currency',
    total: 'Total',
    tax: 'Tax',
    shipping: 'Shipping',
    discount: 'Discount',
    settled: 'Settled',
    refunded: 'Refunded',
    cancelled: 'Cancelled',
    updatedAt: 'Updated at',
    expiresAt: 'Authorization expires at',
  },
  'fr-CA': {
    createdAt: 'Créée le',
    id: 'ID de transaction',
    externalID: 'No de commande du marchand',
    status: 'Statut',
    label: 'Détail du statut',
    customerName: 'Nom du client',
    customerEmail: 'Courriel du client',
    customerPhone: 'Téléphone du client',
    programName: 'Programme',
    productType: 'Produit',
    channel: 'Canal',
    locationName: 'Emplacement',
    fromCart: 'Depuis un panier',
    currency: 'Devise',
    total: 'Total',
    tax: 'Taxes',
    shipping: 'Livraison',
    discount: 'Rabais',
    settled: 'Réglé',
    refunded: 'Remboursé',
    cancelled: 'Annulé',
    updatedAt: 'Mise à jour le',
    expiresAt: "Expiration de l'autorisation",
  },
};

const DATE_COLUMNS: ReadonlySet<TransactionCsvColumn> = new Set(['createdAt', 'updatedAt', 'expiresAt']);

/** The header row's cells: date columns name the time zone their values are in. */
export function transactionCsvHeaders(locale: Locale, timeZone: string): string[] {
  return TRANSACTION_CSV_COLUMNS.map((column) => {
    const header = CSV_HEADERS[locale][column];
    return DATE_COLUMNS.has(column) ? `${header} (${timeZone})` : header;
  });
}
