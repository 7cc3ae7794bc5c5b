import type SqliteDatabase from 'better-sqlite3';
import { sql, type Transaction } from 'kysely';
import type { ApplicationDecision } from '@portal/contracts/applications';
import { DAY_MS } from '@portal/contracts/constants';
import { dialectOf } from '../db/migration-helpers.js';
import type { Database } from '../db/schema.js';
import { BulkWriter, withIndexesDeferred, type Columns } from './bulk-insert.js';
import { REFERENCE_DATE } from './demo-clock.js';
import type { SeededRandom } from './random.js';
import { randomShopper, timeOrderedUuid, type SaleFollower, type SeededSale } from './transactions.js';

const SECOND_MS = 1_000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const REFERENCE_MS = Date.parse(REFERENCE_DATE);
/** Applications that stopped at some step, per seeded transaction: between 1 and 3, 2 on average. */
const STOPPED_PER_SALE = [1, 2, 3] as const;
/** Shoppers remembered per merchant, so that some come back and apply again. */
const RETURNING_POOL = 64;

const APPLICATION_COLUMNS: Columns = [
  'id',
  'merchant_id',
  'program_id',
  'channel',
  'product_type',
  'location_id',
  'customer_name',
  'customer_email',
  'currency',
  'cart_amount',
  'prequalified_at',
  'applied_at',
  'decision',
  'decided_at',
  'checkout_started_at',
  'checkout_completed_at',
  'transaction_id',
  'created_at',
  'updated_at',
];

/** Where an application stopped, when no purchase followed. */
type Stop = 'PREQUALIFIED' | 'DECLINED' | 'APPROVED' | 'CHECKOUT_ABANDONED';

interface Steps {
  prequalified: number | null;
  applied: number | null;
  decision: ApplicationDecision | null;
  decided: number | null;
  checkoutStarted: number | null;
  checkoutCompleted: number | null;
}

interface Shopper {
  name: string;
  email: string;
}

/**
 * The shoppers' applications of the demo merchants: for every seeded transaction the application that
 * led to it (approved, checkout completed), and about twice as many that stopped at some step:
 * prequalified only, applied and declined, approved without a checkout, a checkout abandoned. Some
 * shoppers come back and apply again, some had stopped before they bought. Deterministic for a seeded
 * source of its own, so that the transactions are the same with or without it.
 */
export class ApplicationSeeder implements SaleFollower {
  readonly #trx: Transaction<Database>;
  readonly #random: SeededRandom;
  readonly #raw: SqliteDatabase.Database | undefined;
  #writer: BulkWriter | undefined;
  readonly #returning = new Map<string, Shopper[]>();

  constructor(trx: Transaction<Database>, random: SeededRandom, raw: SqliteDatabase.Database | undefined) {
    this.#trx = trx;
    this.#random = random;
    this.#raw = raw;
  }

  /** Rows added so far. */
  get count(): number {
    return this.#writer?.count ?? 0;
  }

  /**
   * Runs the load that feeds this seeder with the table's indexes (and, on PostgreSQL, foreign keys)
   * set aside, built once at the end: three rows per transaction would otherwise update five indexes
   * each, row by row.
   */
  async load<T>(work: () => Promise<T>): Promise<T> {
    let result: T | undefined;
    await withIndexesDeferred(this.#trx, dialectOf(this.#trx), ['applications'], async () => {
      result = await work();
      await this.flush();
    });
    await sql`analyze ${sql.table('applications')}`.execute(this.#trx);
    return result as T;
  }

  async follow(sale: SeededSale, transactions: BulkWriter): Promise<void> {
    this.#writer ??= new BulkWriter(this.#trx, 'applications', APPLICATION_COLUMNS, {
      parent: transactions,
      raw: this.#raw,
    });
    const random = this.#random;
    const shopper = { name: sale.customerName, email: sale.customerEmail };
    await this.#add(sale, shopper, this.#bought(sale.createdMs), sale.total, sale.id);

    const stopped = random.pick(STOPPED_PER_SALE);
    for (let index = 0; index < stopped; index++) {
      const returning = this.#returning.get(sale.merchantId) ?? [];
      const roll = random.next();
      // A few stopped before (or after) they bought; a few come back after stopping; most are new.
      const who =
        roll < 0.12
          ? shopper
          : roll < 0.24 && returning.length > 0
            ? random.pick(returning)
            : randomShopper(random);
      if (who !== shopper && returning.length < RETURNING_POOL) returning.push(who);
      else if (who !== shopper) returning[random.int(0, RETURNING_POOL - 1)] = who;
      this.#returning.set(sale.merchantId, returning);
      // Around the sale's time, within the seeded history.
      const startMs = Math.min(
        REFERENCE_MS - 6 * HOUR_MS,
        sale.createdMs + random.int(-3 * DAY_MS, 3 * DAY_MS),
      );
      const amount = random.chance(0.2)
        ? null
        : Math.max(100, Math.round(sale.total * (0.4 + random.next() * 1.2)));
      await this.#add(sale, who, this.#stopped(startMs), amount, null);
    }
  }

  async flush(): Promise<void> {
    await this.#writer?.flush();
  }

  /** The steps of an application that ended in the purchase made at `purchasedMs`, back from it. */
  #bought(purchasedMs: number): Steps {
    const random = this.#random;
    const checkoutStarted = purchasedMs - random.int(1 * MINUTE_MS, 15 * MINUTE_MS);
    const decided = checkoutStarted - random.int(5 * SECOND_MS, 2 * MINUTE_MS);
    const applied = decided - random.int(5 * SECOND_MS, MINUTE_MS);
    const prequalified = random.chance(0.7) ? applied - random.int(MINUTE_MS, 5 * DAY_MS) : null;
    return {
      prequalified,
      applied,
      decision: 'APPROVED',
      decided,
      checkoutStarted,
      checkoutCompleted: purchasedMs,
    };
  }

  /** The steps of an application that began at `startMs` and stopped somewhere, forward from it. */
  #stopped(startMs: number): Steps {
    const random = this.#random;
    const roll = random.next();
    const stop: Stop =
      roll < 0.35
        ? 'PREQUALIFIED'
        : roll < 0.6
          ? 'DECLINED'
          : roll < 0.82
            ? 'APPROVED'
            : 'CHECKOUT_ABANDONED';
    const none: Steps = {
      prequalified: null,
      applied: null,
      decision: null,
      decided: null,
      checkoutStarted: null,
      checkoutCompleted: null,
    };
    if (stop === 'PREQUALIFIED') return { ...none, prequalified: startMs };
    const prequalified = random.chance(0.6) ? startMs : null;
    const applied = prequalified === null ? startMs : prequalified + random.int(MINUTE_MS, 2 * HOUR_MS);
    const decided = applied + random.int(5 * SECOND_MS, 2 * MINUTE_MS);
    if (stop === 'DECLINED') return { ...none, prequalified, applied, decision: 'DECLINED', decided };
    const approved = { ...none, prequalified, applied, decision: 'APPROVED' as const, decided };
    if (stop === 'APPROVED') return approved;
    return { ...approved, checkoutStarted: decided + random.int(30 * SECOND_MS, 30 * MINUTE_MS) };
  }

  async #add(
    sale: SeededSale,
    shopper: Shopper,
    steps: Steps,
    cartAmount: number | null,
    transactionId: string | null,
  ): Promise<void> {
    const times = [
      steps.prequalified,
      steps.applied,
      steps.decided,
      steps.checkoutStarted,
      steps.checkoutCompleted,
    ].filter((time) => time !== null);
    const first = times[0] ?? sale.createdMs;
    const last = times[times.length - 1] ?? first;
    const iso = (time: number | null) => (time === null ? null : new Date(time).toISOString());
    await this.#writer?.add([
      timeOrderedUuid(first, this.#random),
      sale.merchantId,
      sale.programId,
      sale.channel,
      sale.productType,
      sale.locationId,
      shopper.name,
      shopper.email,
      sale.currency,
      cartAmount,
      iso(steps.prequalified),
      iso(steps.applied),
      steps.decision,
      iso(steps.decided),
      iso(steps.checkoutStarted),
      iso(steps.checkoutCompleted),
      transactionId,
      iso(first),
      iso(last),
    ]);
  }
}
