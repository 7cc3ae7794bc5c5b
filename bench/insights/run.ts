import { sql } from 'kysely';
import { pino } from 'pino';
import { addDays } from '@portal/contracts/insights';
import { buildApp } from '../../apps/server/src/app.js';
import { KeyEncryptionKey } from '../../apps/server/src/auth/key-encryption.js';
import { protectStoredKeys } from '../../apps/server/src/auth/keys.js';
import { medianMs, openBenchDatabase, RUNS, type Dialect } from '../bench-kit.js';
import { migrateToLatest } from '../../apps/server/src/db/migrate.js';
import { ZonedTimeFormatter } from '../../apps/server/src/lib/time-zone.js';
import { MAIN_MERCHANT } from '../../apps/server/src/seed/demo-merchants.js';
import { seedDemoData } from '../../apps/server/src/seed/seed.js';
import { authHeader, merchantIdByName, testConfig } from '../../apps/server/src/test/tokens.js';

const SIZES = [100_000, 1_000_000] as const;
/** `BENCH_SIZES=2000,20000` runs other sizes (a quick check); the limit is about both of SIZES. */
const RUN_SIZES: readonly number[] =
  process.env.BENCH_SIZES?.split(',').map((size) => Number(size.trim())) ?? SIZES;
const RATIO_LIMIT = 1.5;

interface Figures {
  dialect: Dialect;
  size: number;
  /** The merchant's first call: its roll-up rows built from its transactions and applications. */
  buildMs: number;
  /** The insights call for the last 90 days (figures, two comparisons, series, four splits). */
  insightsMs: number;
  /** The same day sums straight from the transactions: what the roll-up saves. */
  directMs: number;
  rollupRows: number;
  /** The merchant's rows of the application roll-up. */
  applicationRows: number;
}

async function measure(dialect: Dialect, size: number): Promise<Figures> {
  const bench = await openBenchDatabase(dialect);
  const { database } = bench;
  try {
    await migrateToLatest(database.db);
    await protectStoredKeys(database.db, KeyEncryptionKey.generate());
    await seedDemoData(database.db, { size: 'small', transactions: size });
    if (dialect === 'postgres') await sql`vacuum analyze`.execute(database.db);
    if (dialect === 'sqlite') await sql`pragma wal_checkpoint(TRUNCATE)`.execute(database.db);

    const config = testConfig();
    const app = await buildApp({ config, database, logger: pino({ level: 'silent' }) });
    try {
      const { authorization } = await authHeader(database, config, { role: 'ADMIN' });
      const { db } = database;
      const merchantId = await merchantIdByName(db, MAIN_MERCHANT);
      const merchant = await db
        .selectFrom('merchants')
        .select('time_zone')
        .where('id', '=', merchantId)
        .executeTakeFirstOrThrow();
      const today = new ZonedTimeFormatter(merchant.time_zone).formatInstant(Date.now()).slice(0, 10);
      const from = addDays(today, -89);
      const url = `/api/insights?from=${from}&to=${today}`;
      const call = async () => {
        const response = await app.inject({ method: 'GET', url, headers: { authorization } });
        if (response.statusCode !== 200)
          throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
      };

      const building = process.hrtime.bigint();
      await call();
      const buildMs = Number(process.hrtime.bigint() - building) / 1e6;
      const insightsMs = await medianMs(call);

      // The same per-day sums read from the transactions of the range, as without a roll-up.
      const startUtc = `${addDays(from, -1)}T00:00:00.000Z`;
      const day =
        dialect === 'postgres'
          ? sql`(created_at at time zone ${merchant.time_zone})::date`
          : sql`date(created_at, p.offset_minutes || ' minutes')`;
      const periods =
        dialect === 'postgres'
          ? sql``
          : sql`join insights_zone_periods p on p.time_zone = ${merchant.time_zone}
              and created_at >= p.starts_at and created_at < p.ends_at`;
      const directMs = await medianMs(async () => {
        await sql`select ${day} as day, count(*), sum(settled), sum(refunded) from transactions ${periods}
          where merchant_id = ${merchantId} and created_at >= ${startUtc} group by 1`.execute(db);
      });
      const rollup = await db
        .selectFrom('transaction_local_daily_totals')
        .select((eb) => eb.fn.countAll<number>().as('rows'))
        .where('merchant_id', '=', merchantId)
        .executeTakeFirstOrThrow();
      const applications = await db
        .selectFrom('application_local_daily_totals')
        .select((eb) => eb.fn.countAll<number>().as('rows'))
        .where('merchant_id', '=', merchantId)
        .executeTakeFirstOrThrow();
      return {
        dialect,
        size,
        buildMs,
        insightsMs,
        directMs,
        rollupRows: rollup.rows,
        applicationRows: applications.rows,
      };
    } finally {
      await app.close();
    }
  } finally {
    await database.destroy();
    await bench.drop();
  }
}

const dialects: Dialect[] = process.env.BENCH_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
if (dialects.length === 1) console.log('BENCH_DATABASE_URL is not set: SQLite only.');
const all: Figures[] = [];
for (const dialect of dialects) {
  for (const size of RUN_SIZES) {
    const figures = await measure(dialect, size);
    all.push(figures);
    console.log(
      `${dialect} ${size.toLocaleString('en-US')}: insights ${figures.insightsMs.toFixed(1)} ms (median of ${RUNS}), ` +
        `first call with the build ${figures.buildMs.toFixed(0)} ms, same sums from the rows ` +
        `${figures.directMs.toFixed(1)} ms, roll-up rows ${figures.rollupRows.toLocaleString('en-US')} ` +
        `(applications ${figures.applicationRows.toLocaleString('en-US')})`,
    );
  }
}

let failed = false;
for (const dialect of dialects) {
  const [small, large] = [RUN_SIZES[0], RUN_SIZES.at(-1)].map((size) =>
    all.find((figures) => figures.dialect === dialect && figures.size === size),
  );
  if (small === undefined || large === undefined || small === large) continue;
  const ratio = large.insightsMs / small.insightsMs;
  const direct = large.directMs / small.directMs;
  const ok = ratio <= RATIO_LIMIT;
  failed ||= !ok;
  console.log(
    `${dialect}: insights at ${large.size.toLocaleString('en-US')} / ${small.size.toLocaleString('en-US')} = ` +
      `${ratio.toFixed(2)}x (limit ${String(RATIO_LIMIT)}x) ${ok ? 'ok' : 'TOO SLOW'}; from the rows: ${direct.toFixed(2)}x`,
  );
}
if (failed) process.exitCode = 1;
