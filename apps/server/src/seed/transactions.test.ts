import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactionLabel } from '@portal/contracts/transactions';
import { openTestDatabase, TEST_DIALECTS } from '../test/test-database.js';
import type { DatabaseHandle } from '../db/database.js';
import { MAIN_MERCHANT } from './demo-merchants.js';
import { REFERENCE_DATE } from './demo-clock.js';
import { seedDemoData } from './seed.js';
import { DAY_MS } from '@portal/contracts/constants';

const TABLES = ['locations', 'transactions', 'transaction_events', 'funding_events', 'applications'] as const;

/** A SHA-256 over the rows of the transaction tables and the applications that led to them, rows ordered by id and keys by name. */
async function digest(database: DatabaseHandle): Promise<string> {
  const hash = createHash('sha256');
  for (const table of TABLES) {
    const { rows } = await sql<
      Record<string, unknown> & { id: string }
    >`select * from ${sql.table(table)}`.execute(database.db);
    rows.sort((a, b) => (a.id < b.id ? -1 : 1));
    hash.update(table);
    for (const row of rows)
      hash.update(JSON.stringify(Object.entries(row).sort(([a], [b]) => a.localeCompare(b))));
  }
  return hash.digest('hex');
}

describe.each(TEST_DIALECTS)('demo transactions (%s)', (dialect) => {
  let database: DatabaseHandle;
  let mainId: string;

  beforeAll(async () => {
    database = await openTestDatabase(dialect);
    await seedDemoData(database.db, { size: 'small' });
    const main = await database.db
      .selectFrom('merchants')
      .select('id')
      .where('name', '=', MAIN_MERCHANT)
      .executeTakeFirstOrThrow();
    mainId = main.id;
  });

  afterAll(async () => {
    await database.destroy();
  });

  it('gives every merchant with programs a year of transactions before the reference date', async () => {
    const perMerchant = await database.db
      .selectFrom('transactions')
      .select((eb) => [
        'merchant_id',
        eb.fn.countAll<number>().as('count'),
        eb.fn.min('created_at').as('first'),
        eb.fn.max('created_at').as('last'),
      ])
      .groupBy('merchant_id')
      .execute();
    expect(perMerchant).toHaveLength(6);
    expect(perMerchant.reduce((sum, row) => sum + row.count, 0)).toBe(3_000);
    expect(Number(perMerchant.find((row) => row.merchant_id === mainId)?.count)).toBe(1_500);
    for (const row of perMerchant) {
      expect(row.last <= REFERENCE_DATE).toBe(true);
      expect(Date.parse(row.first)).toBeGreaterThanOrEqual(Date.parse(REFERENCE_DATE) - 365 * DAY_MS);
    }
  });

  it('has every status and partial state, and amounts that add up', async () => {
    const rows = await database.db
      .selectFrom('transactions')
      .selectAll()
      .where('merchant_id', '=', mainId)
      .execute();
    const now = Date.now();
    const labels = new Set(
      rows.map((row) => {
        const expired =
          (row.status === 'PENDING' || row.status === 'AUTHORIZED') &&
          Date.parse(row.created_at) + 90 * DAY_MS <= now;
        return transactionLabel({
          status: expired ? 'EXPIRED' : row.status,
          total: row.total,
          settled: row.settled,
          refunded: row.refunded,
          cancelled: row.cancelled,
        });
      }),
    );
    expect([...labels].sort()).toEqual([
      'AUTHORIZED',
      'CANCELLED',
      'EXPIRED',
      'PARTIALLY_CANCELLED',
      'PARTIALLY_REFUNDED',
      'PARTIALLY_SETTLED',
      'PENDING',
      'REFUNDED',
      'SETTLED',
    ]);
    for (const row of rows) {
      expect(row.settled + row.cancelled).toBeLessThanOrEqual(row.total);
      expect(row.location_id === null).toBe(row.channel === 'ECOMM');
    }
  });

  it('records each action as history, and each settlement and refund as a funding event', async () => {
    const mismatched = await sql<{ id: string }>`
      select t.id from transactions t
      where t.settled <> coalesce((select sum(e.amount) from transaction_events e
          where e.transaction_id = t.id and e.type = 'SETTLED'), 0)
        or t.refunded <> coalesce((select sum(e.amount) from transaction_events e
          where e.transaction_id = t.id and e.type = 'REFUNDED'), 0)
        or t.cancelled <> coalesce((select sum(e.amount) from transaction_events e
          where e.transaction_id = t.id and e.type = 'CANCELLED'), 0)
        or t.settled - t.refunded <> coalesce((select sum(f.amount) from funding_events f
          where f.transaction_id = t.id and f.type in ('SETTLE', 'REFUND')), 0)`.execute(database.db);
    expect(mismatched.rows).toEqual([]);
    const types = await database.db
      .selectFrom('funding_events')
      .select('type')
      .distinct()
      .orderBy('type')
      .execute();
    expect(types.map((row) => row.type)).toEqual(['CHARGEBACK', 'FEE', 'REFUND', 'SETTLE']);
  });

  it('keeps the daily totals equal to the transactions they add up', async () => {
    const day =
      dialect === 'postgres' ? sql`(created_at at time zone 'UTC')::date` : sql`substr(created_at, 1, 10)`;
    const { rows } = await sql<{ differences: number }>`
      select count(*) as differences from (
        select merchant_id, ${day} as day, program_id, status, product_type, channel,
          coalesce(location_id, '') as location_key, count(*) as count, sum(total) as gross,
          sum(settled) as settled, sum(refunded) as refunded
        from transactions group by 1, 2, 3, 4, 5, 6, 7
        except
        select merchant_id, day, program_id, status, product_type, channel, location_key, count, gross,
          settled, refunded
        from transaction_daily_totals
      ) as missing`.execute(database.db);
    expect(Number(rows[0]?.differences)).toBe(0);
    const rollup = await database.db
      .selectFrom('transaction_daily_totals')
      .select((eb) => eb.fn.sum<number>('count').as('count'))
      .executeTakeFirstOrThrow();
    expect(rollup.count).toBe(3_000);
  });

  it('gives locations to merchants with in-store programs only, one of the main ones closed', async () => {
    const locations = await database.db.selectFrom('locations').select(['merchant_id', 'status']).execute();
    const main = locations.filter((location) => location.merchant_id === mainId);
    expect(main).toHaveLength(6);
    expect(main.filter((location) => location.status === 'INACTIVE')).toHaveLength(1);
    const instoreMerchants = await database.db
      .selectFrom('merchant_program_participations as mpp')
      .innerJoin('programs as p', 'p.id', 'mpp.program_id')
      .select('mpp.merchant_id')
      .where('p.channel', '=', 'INSTORE')
      .distinct()
      .execute();
    expect(new Set(locations.map((location) => location.merchant_id))).toEqual(
      new Set(instoreMerchants.map((row) => row.merchant_id)),
    );
  });

  it('is the same, byte for byte, for the same seed', async () => {
    const again = await openTestDatabase(dialect);
    try {
      await seedDemoData(again.db, { size: 'small' });
      expect(await digest(again)).toBe(await digest(database));
    } finally {
      await again.destroy();
    }
  });
});

describe.runIf(TEST_DIALECTS.includes('postgres'))('demo transactions on both dialects', () => {
  it('are the same rows, byte for byte, on SQLite and PostgreSQL', async () => {
    const digests: string[] = [];
    for (const dialect of ['sqlite', 'postgres'] as const) {
      const database = await openTestDatabase(dialect);
      try {
        await seedDemoData(database.db, { size: 'small' });
        digests.push(await digest(database));
      } finally {
        await database.destroy();
      }
    }
    expect(digests[1]).toBe(digests[0]);
  });
});
