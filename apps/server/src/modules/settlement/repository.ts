import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { Database, DepositsTable, SettlementSubscriptionsTable } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** The sums one funding event adds to its deposit (and to its program's line of it). */
export interface DepositSums {
  event_count: number;
  settlements: number;
  refunds: number;
  chargebacks: number;
  fees: number;
  net: number;
}

export interface NewDeposit {
  id: string;
  merchant_id: string;
  deposit_date: string;
  bank_reference: string;
  currency: DepositsTable['currency'];
  at: string;
}

const SUM_COLUMNS = ['event_count', 'settlements', 'refunds', 'chargebacks', 'fees', 'net'] as const;

/**
 * Adds an event's sums to its deposit, creating the deposit (and its program line) when it is the first:
 * one insert that does nothing when the row exists, then one relative update, so that two writers of
 * the same deposit add up instead of overwriting each other.
 */
export async function addToDeposit(
  db: Db,
  deposit: NewDeposit,
  programId: string | null,
  sums: DepositSums,
): Promise<void> {
  const zero = { event_count: 0, settlements: 0, refunds: 0, chargebacks: 0, fees: 0, net: 0 };
  await db
    .insertInto('deposits')
    .values({
      id: deposit.id,
      merchant_id: deposit.merchant_id,
      deposit_date: deposit.deposit_date,
      bank_reference: deposit.bank_reference,
      currency: deposit.currency,
      ...zero,
      created_at: deposit.at,
      updated_at: deposit.at,
    })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
  const increments = Object.fromEntries(
    SUM_COLUMNS.map((column) => [column, sql<number>`${sql.ref(column)} + ${sums[column]}`]),
  );
  await db
    .updateTable('deposits')
    .set({ ...increments, updated_at: deposit.at })
    .where('id', '=', deposit.id)
    .execute();
  const programKey = programId ?? '';
  await db
    .insertInto('deposit_program_totals')
    .values({ deposit_id: deposit.id, program_key: programKey, program_id: programId, ...zero })
    .onConflict((conflict) => conflict.columns(['deposit_id', 'program_key']).doNothing())
    .execute();
  await db
    .updateTable('deposit_program_totals')
    .set(increments)
    .where('deposit_id', '=', deposit.id)
    .where('program_key', '=', programKey)
    .execute();
}

/** The merchant's deposits of a range of days, newest first: one row each, never their events. */
export async function depositsInRange(db: Db, merchantId: string, from: string, to: string) {
  return db
    .selectFrom('deposits')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('deposit_date', '>=', from)
    .where('deposit_date', '<=', to)
    .orderBy('deposit_date', 'desc')
    .execute();
}

/** The program lines of those deposits, added up per program (a few rows per deposit). */
export async function programTotalsInRange(db: Db, merchantId: string, from: string, to: string) {
  return db
    .selectFrom('deposit_program_totals as t')
    .innerJoin('deposits as d', 'd.id', 't.deposit_id')
    .leftJoin('programs as p', 'p.id', 't.program_id')
    .where('d.merchant_id', '=', merchantId)
    .where('d.deposit_date', '>=', from)
    .where('d.deposit_date', '<=', to)
    .groupBy(['t.program_key', 't.program_id', 'p.name'])
    .select((eb) => [
      't.program_id',
      'p.name as program_name',
      eb.fn.sum<number>('t.event_count').as('event_count'),
      eb.fn.sum<number>('t.settlements').as('settlements'),
      eb.fn.sum<number>('t.refunds').as('refunds'),
      eb.fn.sum<number>('t.chargebacks').as('chargebacks'),
      eb.fn.sum<number>('t.fees').as('fees'),
      eb.fn.sum<number>('t.net').as('net'),
    ])
    .orderBy('p.name')
    .execute();
}

export async function findDeposit(db: Db, merchantId: string, id: string) {
  return db
    .selectFrom('deposits')
    .selectAll()
    .where('id', '=', id)
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
}

/** The merchant's deposit of a day, if one has events yet. */
export async function depositOn(db: Db, merchantId: string, depositDate: string) {
  return db
    .selectFrom('deposits')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('deposit_date', '=', depositDate)
    .executeTakeFirst();
}

const EVENT_COLUMNS = [
  'f.id',
  'f.type',
  'f.currency',
  'f.amount',
  'f.fee',
  'f.net_amount',
  'f.event_at',
  'f.bank_requested_on',
  'f.transaction_id',
  't.external_id',
  't.customer_name',
  't.product_type',
  't.created_at as transaction_created_at',
  't.total',
  'p.name as program_name',
  'd.deposit_date',
  'd.bank_reference',
] as const;

function eventsQuery(db: Db) {
  return db
    .selectFrom('funding_events as f')
    .innerJoin('deposits as d', 'd.id', 'f.deposit_id')
    .leftJoin('transactions as t', 't.id', 'f.transaction_id')
    .leftJoin('programs as p', 'p.id', 't.program_id')
    .select(EVENT_COLUMNS);
}

/** A page of one deposit's events, in time order (the index on deposit, time, id). */
export async function depositEventPage(db: Db, depositId: string, offset: number, limit: number) {
  return eventsQuery(db)
    .where('f.deposit_id', '=', depositId)
    .orderBy('f.event_at')
    .orderBy('f.id')
    .offset(offset)
    .limit(limit)
    .execute();
}

export type DepositEventRow = Awaited<ReturnType<typeof depositEventPage>>[number];

/**
 * The events of the given deposits, one deposit after the other, read in pages of `batch` by keyset so
 * that an export of any size holds one page at a time.
 */
export async function* streamDepositEvents(
  db: Db,
  depositIds: readonly string[],
  batch: number,
): AsyncGenerator<DepositEventRow> {
  for (const depositId of depositIds) {
    let after: { at: string; id: string } | undefined;
    for (;;) {
      let query = eventsQuery(db).where('f.deposit_id', '=', depositId);
      if (after !== undefined) {
        const { at, id } = after;
        query = query.where((eb) =>
          eb.or([eb('f.event_at', '>', at), eb.and([eb('f.event_at', '=', at), eb('f.id', '>', id)])]),
        );
      }
      const rows = await query.orderBy('f.event_at').orderBy('f.id').limit(batch).execute();
      yield* rows;
      const last = rows.at(-1);
      if (last === undefined || rows.length < batch) break;
      after = { at: last.event_at, id: last.id };
    }
  }
}

export async function subscriptionsOf(db: Db, merchantId: string) {
  return db
    .selectFrom('settlement_subscriptions')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .orderBy('email')
    .orderBy('frequency')
    .execute();
}

export async function findSubscriptionFor(
  db: Db,
  merchantId: string,
  email: string,
  frequency: SettlementSubscriptionsTable['frequency'],
) {
  return db
    .selectFrom('settlement_subscriptions')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('email', '=', email)
    .where('frequency', '=', frequency)
    .executeTakeFirst();
}

export async function insertSubscription(db: Db, row: Insertable<SettlementSubscriptionsTable>) {
  await db.insertInto('settlement_subscriptions').values(row).execute();
}

/** Removes the merchant's subscription; how many rows went (0 for another merchant's id). */
export async function deleteSubscription(db: Db, merchantId: string, id: string): Promise<number> {
  const result = await db
    .deleteFrom('settlement_subscriptions')
    .where('id', '=', id)
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Every subscription, for the job that sends the summaries (a few per merchant). */
export async function allSubscriptions(db: Db) {
  return db.selectFrom('settlement_subscriptions').selectAll().orderBy('id').execute();
}

/**
 * Marks a subscription sent for `day`, unless another instance did first: the summary of a period
 * goes out once however many servers run the job.
 */
export async function claimSubscriptionDay(db: Db, id: string, day: string): Promise<boolean> {
  const result = await db
    .updateTable('settlement_subscriptions')
    .set({ last_sent_on: day })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_sent_on', 'is', null), eb('last_sent_on', '<', day)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
