import { createHash, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { BRAND_PROFILES } from '@portal/contracts/brands';
import type { Currency, Money } from '@portal/contracts/money';
import {
  DEPOSIT_EVENT_PAGE_SIZE,
  SETTLEMENT_MAX_RANGE_DAYS,
  settlementRangeIssue,
  type Deposit,
  type DepositDetail,
  type DepositEvent,
  type FundingEventType,
  type NextDeposit,
  type SettlementRangeQuery,
  type SettlementReport,
  type SettlementSubscription,
  type SettlementSubscriptionBody,
  type SettlementSums,
} from '@portal/contracts/settlement';
import { settlementFee } from '@portal/contracts/transactions';
import { answerDate } from '../../http/answer-dates.js';
import { conflict, notFound, refused, unprocessable } from '../../http/app-error.js';
import type { Database } from '../../db/schema.js';
import { merchantToday } from '../../lib/time-zone.js';
import { paidIntoByDay } from '../bank-information/paid-into.js';
import { nextDepositDay } from '../funding/deposit-calendar.js';
import { payoutScheduleOf } from '../funding/service.js';
import { merchantContext } from '../merchants/service.js';
import {
  addToDeposit,
  deleteSubscription,
  depositEventPage,
  depositsInRange,
  findDeposit,
  findSubscriptionFor,
  insertSubscription,
  depositOn,
  programTotalsInRange,
  subscriptionsOf,
  type DepositEventRow,
  type DepositSums,
} from './repository.js';

type Db = Kysely<Database>;

const DEPOSIT_NOT_FOUND = refused('settlement.deposit_not_found');

/**
 * A deposit's id and bank reference, derived from the merchant and the day: every writer of a day's
 * events (the seed, a settle, a refund) names the same deposit without reading first.
 */
export function depositKeyOf(merchantId: string, depositDate: string): { id: string; bankReference: string } {
  const hex = createHash('sha256').update(`${merchantId}:${depositDate}`).digest('hex');
  return {
    id: `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`,
    // What the merchant's bank statement shows: the day and a code of the merchant.
    bankReference: `BRD${depositDate.replaceAll('-', '')}${hex.slice(32, 40).toUpperCase()}`,
  };
}

/** What one funding event adds to its deposit's sums (refunds, chargebacks and fees as positive). */
export function sumsOfEvent(type: FundingEventType, amount: number, fee: number): DepositSums {
  return {
    event_count: 1,
    settlements: type === 'SETTLE' ? amount : 0,
    refunds: type === 'REFUND' ? -amount : 0,
    chargebacks: type === 'CHARGEBACK' ? -amount : 0,
    fees: fee,
    net: amount - fee,
  };
}

export interface AttachedEvent {
  merchantId: string;
  currency: Currency;
  type: FundingEventType;
  amount: number;
  fee: number;
  /** The transaction's program; null for a fee of no one transaction. */
  programId: string | null;
  /** When the money moved; its day in the merchant's zone is the bank request day. */
  at: string;
}

/**
 * The deposit a new funding event is paid in, by the merchant's payout schedule, with the event's sums
 * added to it: call it in the database transaction that writes the event, so that the deposit's
 * totals never differ from its events.
 */
export async function attachToDeposit(
  db: Db,
  event: AttachedEvent,
): Promise<{ id: string; depositDate: string; bankRequestedOn: string }> {
  const context = await merchantContext(db, event.merchantId);
  const bankRequestedOn = merchantToday(context.timeZone, new Date(event.at));
  const schedule = await payoutScheduleOf(db, event.merchantId);
  const depositDate = nextDepositDay(schedule, BRAND_PROFILES[context.brand].country, bankRequestedOn);
  const key = depositKeyOf(event.merchantId, depositDate);
  await addToDeposit(
    db,
    {
      id: key.id,
      merchant_id: event.merchantId,
      deposit_date: depositDate,
      bank_reference: key.bankReference,
      currency: event.currency,
      at: event.at,
    },
    event.programId,
    sumsOfEvent(event.type, event.amount, event.fee),
  );
  return { id: key.id, depositDate, bankRequestedOn };
}

/** Refuses a reversed, future or too long range (422 with its code), as the portal does beside the field. */
export function checkRange(range: SettlementRangeQuery, today: string): void {
  const issue = settlementRangeIssue(range.from, range.to, today);
  if (issue === 'settlement.range_too_long') {
    throw unprocessable(refused(issue, { maxDays: SETTLEMENT_MAX_RANGE_DAYS }));
  }
  if (issue !== undefined) throw unprocessable(refused(issue));
}

type SumRow = Omit<DepositSums, 'event_count'> & { event_count: number | string };

function sumsOf(row: SumRow, currency: Currency): SettlementSums {
  const money = (value: number | string): Money => ({ currency, value: Number(value) });
  return {
    count: Number(row.event_count),
    settlements: money(row.settlements),
    refunds: money(row.refunds),
    chargebacks: money(row.chargebacks),
    fees: money(row.fees),
    net: money(row.net),
  };
}

interface DepositRow extends SumRow {
  id: string;
  deposit_date: string;
  bank_reference: string;
  currency: Currency;
}

function depositOf(row: DepositRow, today: string, paidInto: (day: string) => Deposit['paidInto']): Deposit {
  return {
    id: row.id,
    depositDate: row.deposit_date,
    bankReference: row.bank_reference,
    status: row.deposit_date <= today ? 'PAID' : 'SCHEDULED',
    paidInto: paidInto(row.deposit_date),
    ...sumsOf(row, row.currency),
  };
}

/**
 * The deposits of a range with their sums, and the sums per program: read from the deposits' own
 * totals (one row per deposit and program), so that its cost does not grow with the events.
 */
export async function settlementReport(
  db: Db,
  merchantId: string,
  range: SettlementRangeQuery,
  now = new Date(),
): Promise<SettlementReport> {
  const context = await merchantContext(db, merchantId);
  const today = merchantToday(context.timeZone, now);
  checkRange(range, today);
  const [rows, programs, paidInto] = await Promise.all([
    depositsInRange(db, merchantId, range.from, range.to),
    programTotalsInRange(db, merchantId, range.from, range.to),
    paidIntoByDay(db, merchantId),
  ]);
  const total = { event_count: 0, settlements: 0, refunds: 0, chargebacks: 0, fees: 0, net: 0 };
  for (const row of rows) {
    total.event_count += row.event_count;
    total.settlements += row.settlements;
    total.refunds += row.refunds;
    total.chargebacks += row.chargebacks;
    total.fees += row.fees;
    total.net += row.net;
  }
  return {
    ...range,
    timeZone: context.timeZone,
    deposits: rows.map((row) => depositOf(row, today, paidInto)),
    totals: sumsOf(total, context.currency),
    programs: programs.map((row) => ({
      programId: row.program_id,
      programName: row.program_name,
      ...sumsOf(row, context.currency),
    })),
  };
}

export function eventOf(row: DepositEventRow): DepositEvent {
  const money = (value: number): Money => ({ currency: row.currency, value: value });
  return {
    id: row.id,
    depositDate: row.deposit_date,
    bankRequestedOn: row.bank_requested_on,
    eventAt: answerDate(row.event_at),
    type: row.type,
    amount: money(row.amount),
    fee: money(row.fee),
    net: money(row.net_amount),
    transaction:
      row.transaction_id === null ||
      row.external_id === null ||
      row.customer_name === null ||
      row.product_type === null ||
      row.transaction_created_at === null ||
      row.total === null
        ? null
        : {
            id: row.transaction_id,
            externalID: row.external_id,
            customerName: row.customer_name,
            productType: row.product_type,
            programName: row.program_name,
            createdAt: answerDate(row.transaction_created_at),
            total: money(row.total),
            fee: money(settlementFee(row.total)),
          },
  };
}

/** One deposit of the merchant with a page of its events; another merchant's id is 404 like an unknown one. */
export async function depositDetail(
  db: Db,
  merchantId: string,
  id: string,
  offset: number,
  now = new Date(),
): Promise<DepositDetail> {
  const context = await merchantContext(db, merchantId);
  const row = await findDeposit(db, merchantId, id);
  if (row === undefined) throw notFound(DEPOSIT_NOT_FOUND);
  const [events, paidInto] = await Promise.all([
    depositEventPage(db, row.id, offset, DEPOSIT_EVENT_PAGE_SIZE),
    paidIntoByDay(db, merchantId),
  ]);
  return {
    deposit: depositOf(row, merchantToday(context.timeZone, now), paidInto),
    timeZone: context.timeZone,
    events: events.map(eventOf),
    pagination: { offset, limit: DEPOSIT_EVENT_PAGE_SIZE, total: row.event_count },
  };
}

/**
 * The next deposit: the first day of the merchant's deposit calendar after its today (the day money
 * requested today is paid, and the first day the funding settings preview), with the events it holds
 * so far. A deposit formed under an earlier schedule keeps its day and shows in the report's list.
 */
export async function nextDeposit(db: Db, merchantId: string, now = new Date()): Promise<NextDeposit> {
  const context = await merchantContext(db, merchantId);
  const today = merchantToday(context.timeZone, now);
  const schedule = await payoutScheduleOf(db, merchantId);
  const depositDate = nextDepositDay(schedule, BRAND_PROFILES[context.brand].country, today);
  const open = await depositOn(db, merchantId, depositDate);
  return {
    depositDate,
    count: open?.event_count ?? 0,
    net: { currency: open?.currency ?? context.currency, value: open?.net ?? 0 },
    timeZone: context.timeZone,
  };
}

function subscriptionOf(row: {
  id: string;
  email: string;
  frequency: 'DAILY' | 'WEEKLY';
  locale: 'en' | 'fr-CA';
  created_at: string;
}): SettlementSubscription {
  return {
    id: row.id,
    email: row.email,
    frequency: row.frequency,
    locale: row.locale,
    createdAt: answerDate(row.created_at),
  };
}

export async function settlementSubscriptions(db: Db, merchantId: string): Promise<SettlementSubscription[]> {
  return (await subscriptionsOf(db, merchantId)).map(subscriptionOf);
}

export async function addSettlementSubscription(
  db: Db,
  merchantId: string,
  body: SettlementSubscriptionBody,
  now = new Date(),
): Promise<SettlementSubscription> {
  const email = body.email.trim().toLowerCase();
  if ((await findSubscriptionFor(db, merchantId, email, body.frequency)) !== undefined) {
    throw conflict(refused('settlement.subscription_exists'));
  }
  const row = {
    id: randomUUID(),
    merchant_id: merchantId,
    email,
    frequency: body.frequency,
    locale: body.locale,
    last_sent_on: null,
    created_at: now.toISOString(),
  };
  await insertSubscription(db, row);
  return subscriptionOf(row);
}

export async function removeSettlementSubscription(db: Db, merchantId: string, id: string): Promise<void> {
  if ((await deleteSubscription(db, merchantId, id)) === 0) {
    throw notFound(refused('settlement.subscription_not_found'));
  }
}
