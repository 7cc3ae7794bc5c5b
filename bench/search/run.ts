import { pino } from 'pino';
import { SEARCH_COUNT_CAP } from '@portal/contracts/transactions';
import { buildApp } from '../../apps/server/src/app.js';
import { MAIN_MERCHANT } from '../../apps/server/src/seed/demo-merchants.js';
import { authHeader, merchantIdByName, testConfig } from '../../apps/server/src/test/tokens.js';
import { median, openBenchDatabase, RUNS, seedBenchData, WARM_UPS, type Dialect } from '../bench-kit.js';

const SIZES = [100_000, 1_000_000] as const;
/** `BENCH_SIZES=100000,300000` measures other sizes (two of them: the ratio is of the second to the first). */
const RUN_SIZES: readonly number[] =
  process.env.BENCH_SIZES?.split(',').map((size) => Number(size.trim())) ?? SIZES;
const RATIO_LIMIT = 1.5;
const SELECTIVE_LIMIT_MS = 10;

/** One seeded database with the app over it, and the terms its data gives. */
interface Subject {
  size: number;
  app: Awaited<ReturnType<typeof buildApp>>;
  authorization: string;
  /** Eight characters from inside one transaction's id: a term that finds one row. */
  selective: string;
  drop: () => Promise<void>;
}

/** The calls measured, by name: the path and query of each for a subject. */
const CALLS: Record<string, (subject: Subject) => string> = {
  'list, selective term (inside one id)': (subject) =>
    `/api/transactions?limit=25&search=${subject.selective}`,
  'totals, selective term': (subject) => `/api/transactions/totals?search=${subject.selective}`,
  'list, "arcia" (a common surname)': () => '/api/transactions?limit=25&search=arcia',
  'totals, "arcia"': () => '/api/transactions/totals?search=arcia',
  'list, "example" (every e-mail)': () => '/api/transactions?limit=25&search=example',
  'totals, "example"': () => '/api/transactions/totals?search=example',
  'list, "ga" (two letters: by prefix)': () => '/api/transactions?limit=25&search=ga',
};

async function open(dialect: Dialect, size: number): Promise<Subject> {
  const bench = await openBenchDatabase(dialect);
  const { database } = bench;
  const drop = async () => {
    await database.destroy();
    await bench.drop();
  };
  try {
    const seedSeconds = await seedBenchData(database, size);
    console.log(`  seeded in ${seedSeconds.toFixed(1)} s`);

    const config = testConfig();
    const app = await buildApp({ config, database, logger: pino({ level: 'silent' }) });
    const { authorization } = await authHeader(database, config, { role: 'ADMIN' });
    const merchantId = await merchantIdByName(database.db, MAIN_MERCHANT);
    const row = await database.db
      .selectFrom('transactions')
      .select('id')
      .where('merchant_id', '=', merchantId)
      .orderBy('created_at')
      .offset(Math.floor(size / 3))
      .limit(1)
      .executeTakeFirstOrThrow();
    return {
      size,
      app,
      authorization,
      selective: row.id.slice(9, 17),
      drop: async () => {
        await app.close();
        await drop();
      },
    };
  } catch (error) {
    await drop();
    throw error;
  }
}

async function timeCall(subject: Subject, url: string): Promise<{ ms: number; body: unknown }> {
  const started = process.hrtime.bigint();
  const response = await subject.app.inject({
    method: 'GET',
    url,
    headers: { authorization: subject.authorization },
  });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (response.statusCode !== 200)
    throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
  return { ms, body: response.json() };
}

/** "10,000+" where the answer says its count stopped at the cap. */
function countOf(body: unknown): string {
  const data = (body as { data: { count?: number; countIsCapped?: boolean } & Record<string, unknown> }).data;
  const pagination = data.pagination as { total: number; totalIsCapped: boolean } | undefined;
  const count = pagination?.total ?? data.count ?? 0;
  const capped = pagination?.totalIsCapped ?? data.countIsCapped ?? false;
  return `${count.toLocaleString('en-US')}${capped ? '+' : ''}`;
}

/**
 * Every call on both sizes, alternating size call by call (small, large, small, …), so that both see the
 * same machine: on a shared machine, minutes apart is another machine.
 */
async function measure(dialect: Dialect, subjects: readonly Subject[]): Promise<boolean> {
  const rows: Record<string, string>[] = [];
  let pass = true;
  for (const [name, path] of Object.entries(CALLS)) {
    const times: number[][] = subjects.map(() => []);
    const counts: string[] = subjects.map(() => '');
    for (let run = 0; run < WARM_UPS + RUNS; run++) {
      for (const [index, subject] of subjects.entries()) {
        const { ms, body } = await timeCall(subject, path(subject));
        if (run >= WARM_UPS) times[index]?.push(ms);
        counts[index] = countOf(body);
      }
    }
    const medians = times.map(median);
    const [small = 0, large = 0] = medians;
    const ratio = large / small;
    const row: Record<string, string> = { call: name };
    for (const [index, subject] of subjects.entries()) {
      const size = subject.size.toLocaleString('en-US');
      row[`${size}: ms`] = (medians[index] ?? 0).toFixed(2);
      row[`${size}: count`] = counts[index] ?? '';
    }
    row['ratio'] = ratio.toFixed(2);
    rows.push(row);
    if (ratio > RATIO_LIMIT) pass = false;
    if (name.includes('selective') && large > SELECTIVE_LIMIT_MS) pass = false;
  }
  console.log(`\n${dialect}: medians of ${RUNS} calls through the app (app.inject), sizes interleaved:`);
  console.table(rows);
  console.log(
    `${dialect}: targets: ratio largest/smallest at most ${RATIO_LIMIT}; the selective term at most ` +
      `${SELECTIVE_LIMIT_MS} ms at the largest size; counts stop at ${SEARCH_COUNT_CAP.toLocaleString('en-US')}`,
  );
  return pass;
}

async function runBenchmark(): Promise<void> {
  const dialects: Dialect[] = process.env.BENCH_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
  if (dialects.length === 1) console.log('BENCH_DATABASE_URL is not set: SQLite only.');
  let pass = true;
  for (const dialect of dialects) {
    const subjects: Subject[] = [];
    try {
      for (const size of RUN_SIZES) {
        console.log(`Seeding ${size.toLocaleString('en-US')} transactions on ${dialect}…`);
        subjects.push(await open(dialect, size));
      }
      pass = (await measure(dialect, subjects)) && pass;
    } finally {
      for (const subject of subjects) await subject.drop();
    }
  }
  console.log(pass ? 'PASS' : 'FAIL: a figure is above its target (see above)');
  if (!pass) process.exitCode = 1;
}

await runBenchmark();
