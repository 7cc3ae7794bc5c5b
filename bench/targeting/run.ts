import { readFile } from 'node:fs/promises';
import { pino } from 'pino';
import { buildApp } from '../../apps/server/src/app.js';
import { MAIN_MERCHANT } from '../../apps/server/src/seed/demo-merchants.js';
import { authHeader, merchantIdByName, testConfig } from '../../apps/server/src/test/tokens.js';
import { median, openBenchDatabase, seedBenchData, WARM_UPS, type Dialect } from '../bench-kit.js';

const SIZES = [100_000, 1_000_000] as const;
/** `BENCH_SIZES=2000,20000` runs other sizes (a quick check); the budget is about both of SIZES. */
const RUN_SIZES: readonly number[] =
  process.env.BENCH_SIZES?.split(',').map((size) => Number(size.trim())) ?? SIZES;
/** Calls timed per figure: a year's preview read from the rows takes seconds at a million. */
const RUNS = 9;
/** The demo data ends on 2026-10-31 whatever the server's clock (DEMO_REFERENCE_DATE unset). */
const WINDOWS = {
  month: { from: '2026-10-02', to: '2026-10-31' },
  year: { from: '2025-11-01', to: '2026-10-31' },
} as const;
type WindowName = keyof typeof WINDOWS;

interface Budget {
  /** The 30-day preview at 1,000,000 over the same at 100,000. */
  previewRatio: number;
  /** The year's preview at 1,000,000 over the same at 100,000. */
  yearPreviewRatio: number;
}

interface Figures {
  dialect: Dialect;
  size: number;
  seedSeconds: number;
  previewMs: Record<WindowName, number>;
  /** The year's preview with every filter set (a program, no financing, checkout abandoned). */
  filteredMs: number;
  shoppers: Record<WindowName, number>;
  /** The year's file, read to its end. */
  csvSeconds: number;
  csvRows: number;
}

async function medianOf(call: () => Promise<unknown>): Promise<number> {
  for (let run = 0; run < WARM_UPS; run++) await call();
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = process.hrtime.bigint();
    await call();
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return median(times);
}

async function measure(dialect: Dialect, size: number): Promise<Figures> {
  const bench = await openBenchDatabase(dialect);
  const { database } = bench;
  try {
    const seedSeconds = await seedBenchData(database, size);
    const config = testConfig();
    const app = await buildApp({ config, database, logger: pino({ level: 'silent' }) });
    try {
      const merchantId = await merchantIdByName(database.db, MAIN_MERCHANT);
      const headers = await authHeader(database, config, { role: 'ADMIN', merchantId });
      const program = await database.db
        .selectFrom('applications')
        .select('program_id')
        .where('merchant_id', '=', merchantId)
        .limit(1)
        .executeTakeFirstOrThrow();
      const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
        const response = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
        if (response.statusCode >= 300) throw new Error(`${url} answered ${String(response.statusCode)}`);
        return response;
      };
      const preview = async (query: string) =>
        (await call('GET', `/api/targeting/preview?${query}`)).json<{ data: { total: number } }>().data.total;
      const windowQuery = (name: WindowName) => `from=${WINDOWS[name].from}&to=${WINDOWS[name].to}`;
      const previewMs = {} as Record<WindowName, number>;
      const shoppers = {} as Record<WindowName, number>;
      for (const name of Object.keys(WINDOWS) as WindowName[]) {
        shoppers[name] = await preview(windowQuery(name));
        previewMs[name] = await medianOf(() => preview(windowQuery(name)));
      }
      const filteredMs = await medianOf(() =>
        preview(
          `${windowQuery('year')}&programID=${program.program_id}&hasFinancing=no&checkoutStatus=ABANDONED`,
        ),
      );
      const created = (await call('POST', '/api/targeting/exports', WINDOWS.year)).json<{
        data: { id: string };
      }>();
      const started = process.hrtime.bigint();
      const file = await call('GET', `/api/targeting/exports/${created.data.id}/export.csv?locale=en`);
      const csvSeconds = Number(process.hrtime.bigint() - started) / 1e9;
      const csvRows = file.body.split('\r\n').length - 2;
      return { dialect, size, seedSeconds, previewMs, filteredMs, shoppers, csvSeconds, csvRows };
    } finally {
      await app.close();
    }
  } finally {
    await database.destroy();
    await bench.drop();
  }
}

const check = process.argv.includes('--check');
const budget = JSON.parse(await readFile(new URL('budget.json', import.meta.url), 'utf8')) as Budget;
const dialects: Dialect[] = process.env.BENCH_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
if (dialects.length === 1) console.log('BENCH_DATABASE_URL is not set: SQLite only.');
const all: Figures[] = [];
for (const dialect of dialects) {
  for (const size of RUN_SIZES) {
    console.log(`Seeding ${size.toLocaleString('en-US')} transactions on ${dialect}…`);
    const figures = await measure(dialect, size);
    all.push(figures);
    console.log(
      `${dialect} ${size.toLocaleString('en-US')} (seeded in ${figures.seedSeconds.toFixed(0)} s): ` +
        `preview 30 days ${figures.previewMs.month.toFixed(1)} ms (${figures.shoppers.month.toLocaleString('en-US')} shoppers), ` +
        `a year ${figures.previewMs.year.toFixed(1)} ms (${figures.shoppers.year.toLocaleString('en-US')}), ` +
        `a year filtered ${figures.filteredMs.toFixed(1)} ms (medians of ${String(RUNS)}); ` +
        `the year's CSV ${figures.csvRows.toLocaleString('en-US')} rows in ${figures.csvSeconds.toFixed(2)} s`,
    );
  }
}

let failed = 0;
for (const dialect of dialects) {
  const [small, large] = [RUN_SIZES[0], RUN_SIZES.at(-1)].map((size) =>
    all.find((figures) => figures.dialect === dialect && figures.size === size),
  );
  if (small === undefined || large === undefined || small === large) continue;
  const ratios: [string, number, number][] = [
    ['preview, 30 days', large.previewMs.month / small.previewMs.month, budget.previewRatio],
    ['preview, a year', large.previewMs.year / small.previewMs.year, budget.yearPreviewRatio],
  ];
  for (const [what, ratio, limit] of ratios) {
    const over = ratio > limit;
    if (over) failed++;
    console.log(
      `${dialect} ${what}, ${large.size.toLocaleString('en-US')} / ${small.size.toLocaleString('en-US')}: ` +
        `${ratio.toFixed(2)}x  (budget ≤ ${String(limit)}${over ? ', OVER' : ''})`,
    );
  }
  console.log(
    `${dialect} the year's CSV, rows per second: ${Math.round(small.csvRows / small.csvSeconds).toLocaleString('en-US')} ` +
      `vs ${Math.round(large.csvRows / large.csvSeconds).toLocaleString('en-US')}`,
  );
}
if (check && failed > 0) {
  console.error(`${String(failed)} figure(s) past their budget`);
  process.exitCode = 1;
}
