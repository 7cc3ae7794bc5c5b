import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { decodeJwt } from 'jose';
import { pino } from 'pino';
import { transactionListQuerySchema, transactionTotalsQuerySchema } from '@portal/contracts/transactions';
import { buildApp } from '../../apps/server/src/app.js';
import { sessionStanding } from '../../apps/server/src/auth/sign-in-sessions.js';
import {
  countLines,
  median,
  medianMs,
  openBenchDatabase,
  RUNS,
  seedBenchData,
  type Dialect,
} from '../bench-kit.js';
import { MAIN_MERCHANT } from '../../apps/server/src/seed/demo-merchants.js';
import { encodeCursor, queryFingerprint } from '../../apps/server/src/modules/transactions/cursor.js';
import {
  listTransactionPage,
  transactionTotals,
} from '../../apps/server/src/modules/transactions/service.js';
import { authHeader, merchantIdByName, testConfig } from '../../apps/server/src/test/tokens.js';

const SIZES = [100_000, 1_000_000] as const;
/** `BENCH_SIZES=2000` runs other sizes (a quick check that the benchmark works); the limits need both of SIZES. */
const RUN_SIZES: readonly number[] =
  process.env.BENCH_SIZES?.split(',').map((size) => Number(size.trim())) ?? SIZES;
const RATIO_LIMIT = 1.5;
const MEMORY_LIMIT_MB = 100;
const RSS_SAMPLE_MS = 20;
const EXPORT_RUNS = 3;
const MB = 1_048_576;

/** Medians through the app (HTTP layer included) and of the service alone (the database's share). */
interface Timings {
  firstPageMs: number;
  deepPageMs: number;
  filteredPageMs: number;
  totalsMs: number;
  filteredTotalsMs: number;
}

interface Figures {
  dialect: Dialect;
  size: number;
  seedSeconds: number;
  app: Timings;
  service: Timings;
  exportRows: number;
  exportRowsPerSecond: number;
  exportPeakMb: number;
  exportPeakMaxMb: number;
  /** The access check's read at every request (sign-in-sessions.ts `sessionStanding`), alone. */
  sessionCheckMs: number;
}

// The benchmark only: makes `gc()` callable without asking for node's --expose-gc on the command line.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** Downloads the export over a real socket, throwing the bytes away, and samples the process's memory. */
async function measureExport(
  url: string,
  authorization: string,
): Promise<{ rows: number; seconds: number; peakMb: number }> {
  // A full collection first, so that "idle" is what the server holds, not garbage of the page runs.
  collectGarbage();
  await new Promise((resolve) => setTimeout(resolve, 200));
  collectGarbage();
  const idle = process.memoryUsage().rss;
  let peak = idle;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, RSS_SAMPLE_MS);
  const started = process.hrtime.bigint();
  try {
    const lines = await new Promise<number>((resolve, reject) => {
      get(url, { headers: { authorization } }, (response) => {
        if (response.statusCode !== 200) reject(new Error(`export answered ${String(response.statusCode)}`));
        countLines(response).then(resolve, reject);
      }).on('error', reject);
    });
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    // Every record ends in CRLF; quoted line breaks inside fields do not occur in the demo data.
    return { rows: lines - 1, seconds, peakMb: (peak - idle) / MB };
  } finally {
    clearInterval(sampler);
  }
}

async function measure(dialect: Dialect, size: number): Promise<Figures> {
  const bench = await openBenchDatabase(dialect);
  const { database } = bench;
  try {
    const seedSeconds = await seedBenchData(database, size);

    const config = testConfig();
    const app = await buildApp({ config, database, logger: pino({ level: 'silent' }) });
    await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const { authorization } = await authHeader(database, config, { role: 'ADMIN' });
      const { db } = database;
      const merchantId = await merchantIdByName(db, MAIN_MERCHANT);
      const call = (url: string) => async () => {
        const response = await app.inject({ method: 'GET', url, headers: { authorization } });
        if (response.statusCode !== 200)
          throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
      };
      const list = (query: string) => async () => {
        await listTransactionPage(db, merchantId, transactionListQuerySchema.parse(parseQuery(query)));
      };
      const totals = (query: string) => async () => {
        await transactionTotals(db, merchantId, transactionTotalsQuerySchema.parse(parseQuery(query)));
      };

      // A cursor at 90% of the list, as the page before it would have given.
      const position = Math.floor(size * 0.9);
      const anchor = await db
        .selectFrom('transactions')
        .select(['id', 'created_at'])
        .where('merchant_id', '=', merchantId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .offset(position - 1)
        .limit(1)
        .executeTakeFirstOrThrow();
      const cursor = encodeCursor({
        key: anchor.created_at,
        id: anchor.id,
        offset: position,
        total: size,
        totalIsCapped: false,
        query: queryFingerprint({ sort: 'createdAt', order: 'desc' }),
      });
      const programs = await db
        .selectFrom('merchant_program_participations')
        .select('program_id')
        .where('merchant_id', '=', merchantId)
        .where('deleted_at', 'is', null)
        .orderBy('program_id')
        .execute();
      const selection = programs
        .slice(0, 2)
        .map((row) => `programID=${row.program_id}`)
        .join('&');
      const filtered = `status=SETTLED&${selection}&from=2026-05-01&to=2026-10-31`;

      const queries = {
        first: 'limit=25',
        deep: `limit=25&cursor=${cursor}`,
        searched: `limit=25&${filtered}&search=garcia`,
      };
      const figures: Figures = {
        dialect,
        size,
        seedSeconds,
        app: {
          firstPageMs: await medianMs(call(`/api/transactions?${queries.first}`)),
          deepPageMs: await medianMs(call(`/api/transactions?${queries.deep}`)),
          filteredPageMs: await medianMs(call(`/api/transactions?${queries.searched}`)),
          totalsMs: await medianMs(call('/api/transactions/totals')),
          filteredTotalsMs: await medianMs(call(`/api/transactions/totals?${filtered}`)),
        },
        service: {
          firstPageMs: await medianMs(list(queries.first)),
          deepPageMs: await medianMs(list(queries.deep)),
          filteredPageMs: await medianMs(list(queries.searched)),
          totalsMs: await medianMs(totals('')),
          filteredTotalsMs: await medianMs(totals(filtered)),
        },
        exportRows: 0,
        exportRowsPerSecond: 0,
        exportPeakMb: 0,
        exportPeakMaxMb: 0,
        sessionCheckMs: 0,
      };
      const { sid } = decodeJwt(authorization.replace(/^Bearer /, ''));
      if (typeof sid !== 'string') throw new Error('The portal token names no session');
      figures.sessionCheckMs = await medianMs(async () => {
        if ((await sessionStanding(db, sid)) === undefined) throw new Error('The session is not there');
      });
      const { port } = app.server.address() as AddressInfo;
      // The peak depends on when V8 chooses to run a full collection, so three downloads: their median.
      const exports: Awaited<ReturnType<typeof measureExport>>[] = [];
      for (let run = 0; run < EXPORT_RUNS; run++) {
        exports.push(
          await measureExport(`http://127.0.0.1:${port}/api/transactions/export.csv`, authorization),
        );
      }
      figures.exportRows = Math.min(...exports.map((run) => run.rows));
      figures.exportRowsPerSecond = median(exports.map((run) => run.rows / run.seconds));
      figures.exportPeakMb = median(exports.map((run) => run.peakMb));
      figures.exportPeakMaxMb = Math.max(...exports.map((run) => run.peakMb));
      return figures;
    } finally {
      await app.close();
    }
  } finally {
    await database.destroy();
    await bench.drop();
  }
}

/** `a=1&b=2&b=3` as the query object Fastify hands a route: repeated names become arrays. */
function parseQuery(query: string): Record<string, string | string[]> {
  const parsed: Record<string, string | string[]> = {};
  for (const [name, value] of new URLSearchParams(query)) {
    const previous = parsed[name];
    parsed[name] =
      previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
  }
  return parsed;
}

function report(all: Figures[]): void {
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  const rows = (pick: (figures: Figures) => Timings) =>
    all.map((figures) => ({
      database: figures.dialect,
      transactions: figures.size.toLocaleString('en-US'),
      'first page': ms(pick(figures).firstPageMs),
      'deep page (cursor at 90%)': ms(pick(figures).deepPageMs),
      'filtered + searched page': ms(pick(figures).filteredPageMs),
      totals: ms(pick(figures).totalsMs),
      'filtered totals': ms(pick(figures).filteredTotalsMs),
    }));
  console.log(
    `\nThrough the app (app.inject: routing, token check, validation, queries, JSON), median of ${RUNS}:`,
  );
  console.table(rows((figures) => figures.app));
  console.log(`\nThe service alone (the queries and their mapping), median of ${RUNS}:`);
  console.table(rows((figures) => figures.service));
  console.log('\nSeed and export (over a socket, the download thrown away):');
  console.table(
    all.map((figures) => ({
      database: figures.dialect,
      transactions: figures.size.toLocaleString('en-US'),
      'seed (s)': figures.seedSeconds.toFixed(1),
      'exported rows': figures.exportRows.toLocaleString('en-US'),
      'export rows/s': Math.round(figures.exportRowsPerSecond).toLocaleString('en-US'),
      'export peak RSS above idle (median of 3)': `${figures.exportPeakMb.toFixed(1)} MB`,
      'highest of 3': `${figures.exportPeakMaxMb.toFixed(1)} MB`,
    })),
  );
  console.log(
    `\nThe access check's database read at every request (session and user by primary key), median of ${RUNS}:`,
  );
  console.table(
    all.map((figures) => ({
      database: figures.dialect,
      transactions: figures.size.toLocaleString('en-US'),
      'session check': ms(figures.sessionCheckMs),
      'share of a first page through the app': `${((figures.sessionCheckMs / figures.app.firstPageMs) * 100).toFixed(1)} %`,
    })),
  );
  let failed = false;
  for (const dialect of new Set(all.map((figures) => figures.dialect))) {
    const small = all.find((figures) => figures.dialect === dialect && figures.size === SIZES[0]);
    const large = all.find((figures) => figures.dialect === dialect && figures.size === SIZES[1]);
    if (small === undefined || large === undefined) continue;
    const checks: [string, number, number][] = [
      ['deep page at 1M / first page at 100k', large.app.deepPageMs / small.app.firstPageMs, RATIO_LIMIT],
      ['first page at 1M / first page at 100k', large.app.firstPageMs / small.app.firstPageMs, RATIO_LIMIT],
      [
        'service alone: deep page at 1M / first page at 100k',
        large.service.deepPageMs / small.service.firstPageMs,
        RATIO_LIMIT,
      ],
      [
        'service alone: first page at 1M / first page at 100k',
        large.service.firstPageMs / small.service.firstPageMs,
        RATIO_LIMIT,
      ],
      ['export memory above idle at 1M, median of 3 (MB)', large.exportPeakMb, MEMORY_LIMIT_MB],
      ['rows missing from the export at 1M', large.size - large.exportRows, 0],
    ];
    for (const [what, value, limit] of checks) {
      const pass = value <= limit;
      failed ||= !pass;
      console.log(`${dialect}: ${what}: ${value.toFixed(2)} (at most ${limit}) ${pass ? 'PASS' : 'FAIL'}`);
    }
  }
  if (failed) process.exitCode = 1;
}

async function runBenchmark(): Promise<void> {
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
}

await runBenchmark();
