import { MAIN_MERCHANT } from '../../apps/server/src/seed/demo-merchants.js';
import { authHeader, merchantIdByName, testConfig } from '../../apps/server/src/test/tokens.js';
import {
  openBenchDatabase,
  rssOf,
  seedForServer,
  startServerProcess,
  stopServerProcess,
  type Dialect,
  type ServerProcess,
} from '../bench-kit.js';

const SIZES = [100_000, 1_000_000] as const;
/** `BENCH_SIZES=2000,5000` runs other sizes (a quick check that the benchmark works). */
const RUN_SIZES: readonly number[] =
  process.env.BENCH_SIZES?.split(',').map((size) => Number(size.trim())) ?? SIZES;
/** The bound: a download of any size holds less than this above the idle server. */
const LIMIT_MB = 100;
/** 100 days, the longest range, ending with the demo data; the server's clock is its own (later). */
const RANGE = { from: '2026-07-24', to: '2026-10-31' };
const SAMPLE_MS = 20;
const MB = 1024 * 1024;

interface Download {
  readonly format: 'csv' | 'xlsx';
  readonly bytes: number;
  readonly idleMb: number;
  readonly peakMb: number;
  readonly seconds: number;
}

interface Figures {
  readonly dialect: Dialect;
  readonly size: number;
  readonly events: number;
  readonly downloads: readonly Download[];
}

function exportUrl(origin: string, format: 'csv' | 'xlsx', range: { from: string; to: string }): string {
  return `${origin}/api/settlement/export.${format}?from=${range.from}&to=${range.to}&locale=en`;
}

/**
 * One download through real HTTP, read and dropped piece by piece as a browser saving to disk would,
 * with the resident memory of the server's process sampled while it streams.
 */
async function download(
  server: { readonly pid: number; readonly origin: string },
  headers: Record<string, string>,
  format: 'csv' | 'xlsx',
): Promise<Download> {
  // The code of the export loaded and its first allocations made: what stays is the server at rest.
  const warmUp = await fetch(exportUrl(server.origin, format, { from: RANGE.to, to: RANGE.to }), { headers });
  await warmUp.arrayBuffer();
  await new Promise((resolve) => setTimeout(resolve, 500));
  const idle = await rssOf(server.pid);
  let peak = idle;
  const sampler = setInterval(() => {
    void rssOf(server.pid).then((rss) => {
      peak = Math.max(peak, rss);
    });
  }, SAMPLE_MS);
  const started = process.hrtime.bigint();
  let bytes = 0;
  try {
    const response = await fetch(exportUrl(server.origin, format, RANGE), { headers });
    if (!response.ok || response.body === null)
      throw new Error(`export.${format}: ${String(response.status)}`);
    // Node's fetch types its body loosely: its pieces are bytes.
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    for (let piece = await reader.read(); !piece.done; piece = await reader.read()) {
      bytes += piece.value.byteLength;
    }
    peak = Math.max(peak, await rssOf(server.pid));
  } finally {
    clearInterval(sampler);
  }
  return {
    format,
    bytes,
    idleMb: idle / MB,
    peakMb: peak / MB,
    seconds: Number(process.hrtime.bigint() - started) / 1e9,
  };
}

async function measure(dialect: Dialect, size: number): Promise<Figures> {
  const bench = await openBenchDatabase(dialect);
  const { database } = bench;
  const { db } = database;
  const config = testConfig();
  let server: ServerProcess | undefined;
  try {
    // The seed writes signing keys, which are stored encrypted: the server opens them with the same key.
    const keyHex = await seedForServer(database, size);
    const merchantId = await merchantIdByName(db, MAIN_MERCHANT);
    const counted = await db
      .selectFrom('funding_events as f')
      .innerJoin('deposits as d', 'd.id', 'f.deposit_id')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('d.merchant_id', '=', merchantId)
      .where('d.deposit_date', '>=', RANGE.from)
      .where('d.deposit_date', '<=', RANGE.to)
      .executeTakeFirstOrThrow();
    const headers = await authHeader(database, config, { role: 'ADMIN', merchantId });
    server = await startServerProcess(new URL('../serve.ts', import.meta.url), {
      BENCH_DATABASE: JSON.stringify(bench.config),
      BENCH_KEY: keyHex,
    });
    const downloads = [];
    for (const format of ['csv', 'xlsx'] as const) downloads.push(await download(server, headers, format));
    return { dialect, size, events: counted.count, downloads };
  } finally {
    if (server !== undefined) await stopServerProcess(server);
    await database.destroy();
    await bench.drop();
  }
}

function report(all: readonly Figures[]): void {
  console.log(
    `\nThe settlement downloads of ${RANGE.from} to ${RANGE.to} (100 days), resident memory of the server` +
      ` process while streaming (sampled every ${String(SAMPLE_MS)} ms):`,
  );
  const above = (done: Download) => done.peakMb - done.idleMb;
  const rows = all.flatMap((figures) =>
    figures.downloads.map((done) => {
      const pass = above(done) < LIMIT_MB;
      return {
        database: figures.dialect,
        transactions: figures.size.toLocaleString('en-US'),
        'rows (funding events)': figures.events.toLocaleString('en-US'),
        file: done.format,
        size: `${(done.bytes / MB).toFixed(1)} MB`,
        time: `${done.seconds.toFixed(1)} s`,
        'idle RSS': `${done.idleMb.toFixed(0)} MB`,
        'peak RSS': `${done.peakMb.toFixed(0)} MB`,
        'above idle': `${above(done).toFixed(1)} MB (< ${String(LIMIT_MB)}) ${pass ? 'PASS' : 'FAIL'}`,
      };
    }),
  );
  console.table(rows);
  if (all.some((figures) => figures.downloads.some((done) => above(done) >= LIMIT_MB))) process.exitCode = 1;
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
