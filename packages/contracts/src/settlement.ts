import { z } from 'zod';
import { BANK_ACCOUNT_TYPES } from './bank-information.js';
import type { Locale } from './brands.js';
import { DAY_MS } from './constants.js';
import { dateTime } from './date-time.js';
import { PRODUCT_TYPES } from './enums.js';
import { moneySchema } from './money.js';
import type { RefusalReason } from './refusals.js';

/** The longest range the report covers, in days, both ends included. */
export const SETTLEMENT_MAX_RANGE_DAYS = 100;

export const FUNDING_EVENT_TYPES = ['SETTLE', 'REFUND', 'CHARGEBACK', 'FEE'] as const;
export type FundingEventType = (typeof FUNDING_EVENT_TYPES)[number];

/** Deposits up to their merchant-local ACH day are PAID; later ones are SCHEDULED. */
export const DEPOSIT_STATUSES = ['SCHEDULED', 'PAID'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

const dayMs = (day: string) => Date.parse(`${day}T00:00:00.000Z`);

/** The days a range covers, both ends included. */
export function rangeDays(from: string, to: string): number {
  return Math.round((dayMs(to) - dayMs(from)) / DAY_MS) + 1;
}

/**
 * What is wrong with a range of deposit days, given the merchant's today, as the refusal the server
 * answers and the portal shows beside the field: shared so that both say the same.
 */
export function settlementRangeIssue(
  from: string,
  to: string,
  today: string,
): Extract<RefusalReason, `settlement.range_${string}`> | undefined {
  if (to < from) return 'settlement.range_reversed';
  if (from > today || to > today) return 'settlement.range_in_future';
  if (rangeDays(from, to) > SETTLEMENT_MAX_RANGE_DAYS) return 'settlement.range_too_long';
  return undefined;
}

/** A range of deposit days, both included, in the merchant's time zone. */
export const settlementRangeQuerySchema = z.strictObject({
  from: z.iso.date(),
  to: z.iso.date(),
});
export type SettlementRangeQuery = z.infer<typeof settlementRangeQuerySchema>;

export const settlementExportQuerySchema = settlementRangeQuerySchema.extend({
  /** The language of the header row and of the coded values. */
  locale: z.enum(['en', 'fr-CA']).default('en'),
});
export type SettlementExportQuery = z.output<typeof settlementExportQuerySchema>;

/** The sums a merchant can check: net = settlements − refunds − chargebacks − fees. */
const sumsSchema = z.object({
  count: z.number().int(),
  settlements: moneySchema,
  refunds: moneySchema,
  chargebacks: moneySchema,
  fees: moneySchema,
  net: moneySchema,
});
export type SettlementSums = z.infer<typeof sumsSchema>;

/**
 * The confirmed account a deposit is paid into: the one in effect on its day. Masked as on a bank
 * statement (bank, type, last four digits), for whoever may read the report.
 */
const paidIntoSchema = z.object({
  bankName: z.string(),
  accountType: z.enum(BANK_ACCOUNT_TYPES),
  accountLast4: z.string().regex(/^\d{4}$/),
});
export type PaidInto = z.infer<typeof paidIntoSchema>;

export const depositSchema = sumsSchema.extend({
  id: z.string(),
  /** `YYYY-MM-DD`, merchant-local. */
  depositDate: z.iso.date(),
  bankReference: z.string(),
  status: z.enum(DEPOSIT_STATUSES),
  /** Null while the merchant has no confirmed account for the day. */
  paidInto: paidIntoSchema.nullable(),
});
export type Deposit = z.infer<typeof depositSchema>;

export const programBreakdownSchema = sumsSchema.extend({
  /** Null for fees that belong to no one program (the monthly platform fee). */
  programId: z.string().nullable(),
  programName: z.string().nullable(),
});

export const settlementReportSchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  timeZone: z.string(),
  deposits: z.array(depositSchema),
  totals: sumsSchema,
  programs: z.array(programBreakdownSchema),
});
export type SettlementReport = z.infer<typeof settlementReportSchema>;

/** One funding event of a deposit: the columns of the specification's settlement report. */
export const depositEventSchema = z.object({
  id: z.string(),
  depositDate: z.iso.date(),
  bankRequestedOn: z.iso.date(),
  eventAt: dateTime,
  type: z.enum(FUNDING_EVENT_TYPES),
  /** Negative for refunds and chargebacks. */
  amount: moneySchema,
  fee: moneySchema,
  net: moneySchema,
  /** Null for a fee of no one transaction. */
  transaction: z
    .object({
      id: z.string(),
      externalID: z.string(),
      customerName: z.string(),
      productType: z.enum(PRODUCT_TYPES),
      programName: z.string().nullable(),
      createdAt: dateTime,
      total: moneySchema,
      /** The provider's fee on the whole transaction (settlementFee of its total). */
      fee: moneySchema,
    })
    .nullable(),
});
export type DepositEvent = z.infer<typeof depositEventSchema>;

export const DEPOSIT_EVENT_PAGE_SIZE = 100;

export const depositEventsQuerySchema = z.strictObject({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export const depositDetailSchema = z.object({
  deposit: depositSchema,
  timeZone: z.string(),
  events: z.array(depositEventSchema),
  pagination: z.object({ offset: z.number().int(), limit: z.number().int(), total: z.number().int() }),
});
export type DepositDetail = z.infer<typeof depositDetailSchema>;

/** The next deposit: its day by the payout schedule and what it holds so far. Null when none is due. */
export const nextDepositSchema = z
  .object({
    depositDate: z.iso.date(),
    count: z.number().int(),
    net: moneySchema,
    timeZone: z.string(),
  })
  .nullable();
export type NextDeposit = z.infer<typeof nextDepositSchema>;

export const SUMMARY_FREQUENCIES = ['DAILY', 'WEEKLY'] as const;

export const settlementSubscriptionSchema = z.object({
  id: z.string(),
  email: z.string(),
  frequency: z.enum(SUMMARY_FREQUENCIES),
  locale: z.enum(['en', 'fr-CA']),
  createdAt: dateTime,
});
export type SettlementSubscription = z.infer<typeof settlementSubscriptionSchema>;

export const settlementSubscriptionBodySchema = z.strictObject({
  email: z.string().trim().max(254).pipe(z.email()),
  frequency: z.enum(SUMMARY_FREQUENCIES),
  locale: z.enum(['en', 'fr-CA']),
});
export type SettlementSubscriptionBody = z.infer<typeof settlementSubscriptionBodySchema>;

/** The export's columns, in order: every date twice, in the merchant's zone and in UTC. */
export const SETTLEMENT_EXPORT_COLUMNS = [
  'depositDate',
  'bankReference',
  'bankRequestedOn',
  'eventAt',
  'eventAtUtc',
  'customerName',
  'productType',
  'transactionId',
  'externalID',
  'transactionCreatedAt',
  'transactionCreatedAtUtc',
  'currency',
  'transactionAmount',
  'type',
  'amount',
  'fee',
  'transactionFee',
  'net',
] as const;
export type SettlementExportColumn = (typeof SETTLEMENT_EXPORT_COLUMNS)[number];

const EXPORT_HEADERS: Readonly<Record<Locale, Readonly<Record<SettlementExportColumn, string>>>> = {
  en: {
    depositDate: 'Deposit (ACH) date',
    bankReference: 'Bank reference',
    bankRequestedOn: 'Bank request date',
    eventAt: 'Funding event date',
    eventAtUtc: 'Funding event date_utc',
    customerName: 'Customer name',
    productType: 'Product',
    transactionId: 'Transaction ID',
    externalID: 'Merchant order ID',
    transactionCreatedAt: 'Transaction created at',
    transactionCreatedAtUtc: 'Transaction created at_utc',
    currency: 'Currency',
    transactionAmount: 'Transaction amount',
    type: 'Event type',
    amount: 'Event amount',
    fee: 'Event fees',
    transactionFee: 'Transaction fee',
    net: 'Net amount',
  },
  'fr-CA': {
    depositDate: 'Date du dépôt (TEF)',
    bankReference: 'Référence bancaire',
    bankRequestedOn: 'Date de la demande à la banque',
    eventAt: "Date de l'événement de financement",
    eventAtUtc: "Date de l'événement de financement_utc",
    customerName: 'Nom du client',
    productType: 'Produit',
    transactionId: 'ID de transaction',
    externalID: 'No de commande du marchand',
    transactionCreatedAt: 'Transaction créée le',
    transactionCreatedAtUtc: 'Transaction créée le_utc',
    currency: 'Devise',
    transactionAmount: 'Montant de la transaction',
    type: "Type d'événement",
    amount: "Montant de l'événement",
    fee: "Frais de l'événement",
    transactionFee: 'Frais de transaction',
    net: 'Montant net',
  },
};

const ZONED_COLUMNS: ReadonlySet<SettlementExportColumn> = new Set(['eventAt', 'transactionCreatedAt']);

/** The header row: the local date-time columns name the merchant's zone, their twins say UTC. */
export function settlementExportHeaders(locale: Locale, timeZone: string): string[] {
  return SETTLEMENT_EXPORT_COLUMNS.map((column) => {
    const header = EXPORT_HEADERS[locale][column];
    return ZONED_COLUMNS.has(column) ? `${header} (${timeZone})` : header;
  });
}

/**
 * The export's file name, with the merchant's zone: a range of one deposit is named after its bank
 * reference (what the merchant finds on the bank statement), any other after its days.
 */
export function settlementFileName(
  range: SettlementRangeQuery,
  timeZone: string,
  extension: 'csv' | 'xlsx',
  onlyBankReference?: string,
): string {
  const zone = timeZone.replace(/[^A-Za-z0-9_]+/g, '-');
  const subject = onlyBankReference ?? `${range.from}-to-${range.to}`;
  return `settlement-${subject}-${zone}.${extension}`;
}
