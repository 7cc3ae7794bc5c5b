import { median, openBenchDatabase, RUNS, seedForServer, WARM_UPS, type Dialect } from '../bench-kit.js';
import { MAIN_MERCHANT } from '../../apps/server/src/seed/demo-merchants.js';
import { settlementReport } from '../../apps/server/src/modules/settlement/service.js';
import { merchantIdByName } from '../../apps/server/src/test/tokens.js';

const SIZES = [100_000, 1_000_000] as const;
/** `BENCH_SIZES=2000,5000` runs other sizes (a quick check that the benchmark works). */
const RUN_SIZES: readonly number[] =
  process.env.BENCH_SIZES?.split(',').map((size) => Number(size.trim())) ?? SIZES;
const RATIO_LIMIT = 1.5;
/** 100 days, the longest range, ending with the demo data; "today" is the day after. */
const RANGE = { from: '2026-07-24', to: '2026-10-31' };
const NOW = new Date('2026-11-02T18:00:00.000Z');

interface Figures {
  dialect: Dialect;
  size: number;
  fundingEvents: number;
  deposits: number;
  reportMs: number;
}

async function measure(dialect: Dialect, size: number): Promise<Figures> {
  const bench = await openBenchDatabase(dialect);
  const { database } = bench;
  const { db } = database;
  try {
    await seedForServer(database, size);
    const merchantId = await merchantIdByName(db, MAIN_MERCHANT);
    const counted = await db
      .selectFrom('funding_events')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('merchant_id', '=', merchantId)
      .executeTakeFirstOrThrow();
    const run = () => settlementReport(db, merchantId, RANGE, NOW);
    for (let warmUp = 0; warmUp < WARM_UPS; warmUp++) await run();
    const times: number[] = [];
    let deposits = 0;
    for (let index = 0; index < RUNS; index++) {
      const started = process.hrtime.bigint();
      deposits = (await run()).deposits.length;
      times.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    return { dialect, size, fundingEvents: counted.count, deposits, reportMs: median(times) };
  } finally {
    await database.destroy();
    await bench.drop();
  }
}

function report(all: Figures[]): void {
  console.log(
    `\nThe report of ${RANGE.from} to ${RANGE.to} (100 days), service alone, median of ${String(RUNS)}:`,
  );
  console.table(
    all.map((figures) => ({
      database: figures.dialect,
      transactions: figures.size.toLocaleString('en-US'),
      'funding events': figures.fundingEvents.toLocaleString('en-US'),
      deposits: figures.deposits,
      report: `${figures.reportMs.toFixed(2)} ms`,
    })),
  );
  let failed = false;
  for (const dialect of new Set(all.map((figures) => figures.dialect))) {
    const [small, large] = RUN_SIZES.map((size) =>
      all.find((figures) => figures.dialect === dialect && figures.size === size),
    );
    if (small === undefined || large === undefined) continue;
    const ratio = large.reportMs / small.reportMs;
    const pass = ratio <= RATIO_LIMIT;
    failed ||= !pass;
    console.log(
      `${dialect}: report at ${large.size.toLocaleString('en-US')} / at ${small.size.toLocaleString('en-US')}: ` +
        `${ratio.toFixed(2)} (at most ${String(RATIO_LIMIT)}) ${pass ? 'PASS' : 'FAIL'}`,
    );
  }
  if (failed) process.exitCode = 1;
}

const dialects: Dialect[] = process.env.BENCH_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
if (dialects.length === 1) console.log('BENCH_DATABASE_URL is not set: SQLite only.');
const all: Figures[] = [];
for (const dialect of dialects) {
  for (const size of RUN_SIZES) {
    console.log(`Seeding ${size.toLocaleString('en-US')} transactions on ${dialect}…`);
    all.push(await measure(dialect, size));
  }
}
report(all);
