import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { get, request as httpRequest } from 'node:http';
import type { DatabaseConfig } from '../../apps/server/src/db/database.js';
import { MAIN_MERCHANT } from '../../apps/server/src/seed/demo-merchants.js';
import { authHeader, merchantIdByName, testConfig } from '../../apps/server/src/test/tokens.js';
import {
  countLines,
  median,
  openBenchDatabase,
  rssOf,
  seedForServer,
  startServerProcess,
  stopServerProcess,
  type Dialect,
  type ServerProcess,
} from '../bench-kit.js';
import { load } from './load.js';

/** `BENCH_ROWS=20000` runs a quicker check that the benchmark works; the budgets are for a million. */
const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const ROUNDS = 3;
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 5);
const CONNECTIONS = 16;
const RSS_SAMPLE_MS = 20;
const MB = 1_048_576;
/** Linux's USER_HZ, the unit of /proc/<pid>/stat's CPU times. */
const CLOCK_TICKS_PER_SECOND = 100;
/** The columns the export reads, in its order: what the database's own CSV dump writes too. */
const EXPORT_COLUMNS =
  'created_at, id, external_id, status, total, settled, refunded, cancelled, customer_name, customer_email, ' +
  'customer_phone, program_id, product_type, channel, location_id, from_cart, currency, tax, shipping, ' +
  'discount, updated_at';

interface Budget {
  programOverBare: number;
  transactionsOverBare: number;
  exportOverDatabase: number;
  exportMemoryMb: number;
  listP99DuringExportMs: number;
}

/** The status, headers and body of one call: what the bare server sends back. */
async function capture(
  origin: string,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    get(`${origin}${path}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const kept: Record<string, string> = {};
        for (const [name, value] of Object.entries(response.headers)) {
          // Per-connection and per-moment headers are the bare server's own to write.
          if (['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'].includes(name))
            continue;
          if (typeof value === 'string') kept[name] = value;
        }
        if (response.statusCode !== 200) reject(new Error(`${path} answered ${String(response.statusCode)}`));
        resolve({ status: 200, headers: kept, body: Buffer.concat(chunks).toString('base64') });
      });
    }).on('error', reject);
  });
}

/** Downloads the export, throwing the bytes away, and samples the server's memory. */
async function download(
  server: ServerProcess,
  authorization: string,
): Promise<{ rows: number; seconds: number; peakMb: number }> {
  const idle = await rssOf(server.pid);
  let peak = idle;
  const sampler = setInterval(() => {
    void rssOf(server.pid).then((rss) => {
      peak = Math.max(peak, rss);
    });
  }, RSS_SAMPLE_MS);
  const started = process.hrtime.bigint();
  try {
    const lines = await new Promise<number>((resolve, reject) => {
      get(`${server.origin}/api/transactions/export.csv`, { headers: { authorization } }, (response) => {
        if (response.statusCode !== 200) reject(new Error(`export answered ${String(response.statusCode)}`));
        countLines(response).then(resolve, reject);
      }).on('error', reject);
    });
    // Every record ends in CRLF; the demo data has no line break inside a field.
    return {
      rows: lines - 1,
      seconds: Number(process.hrtime.bigint() - started) / 1e9,
      peakMb: (peak - idle) / MB,
    };
  } finally {
    clearInterval(sampler);
  }
}

/** The database's own CSV dump of the same rows and columns, thrown away: its rows per second. */
async function databaseDump(config: DatabaseConfig, merchantId: string): Promise<number> {
  const query =
    `select ${EXPORT_COLUMNS} from transactions where merchant_id = '${merchantId}' ` +
    'order by created_at desc, id desc';
  const [command, args] =
    config.kind === 'sqlite'
      ? ['sqlite3', ['-csv', config.file, query]]
      : ['psql', [config.url, '-c', `copy (${query}) to stdout with csv`]];
  const started = process.hrtime.bigint();
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} exited ${String(code)}`));
    });
  });
  const lines = await countLines(child.stdout);
  await exited;
  return lines / (Number(process.hrtime.bigint() - started) / 1e9);
}

/** The CPU time (user and system) a process has used so far, in seconds, from Linux's /proc. */
async function cpuSecondsOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${String(pid)}/stat`, 'utf8');
  // Fields after the command's name, which is in parentheses: utime and stime are the 12th and 13th.
  const fields = status.slice(status.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}

/** One call's time, in milliseconds, on a connection of its own. */
function timedCall(origin: string, path: string, authorization: string): Promise<number> {
  const started = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    httpRequest(`${origin}${path}`, { headers: { authorization } }, (response) => {
      response.resume();
      response.on('end', () => {
        resolve(Number(process.hrtime.bigint() - started) / 1e6);
      });
    })
      .on('error', reject)
      .end();
  });
}

function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
}

/** The p99 of list calls, one after another, while `during` runs (or for 2 s when it is undefined). */
async function listP99(
  server: ServerProcess,
  authorization: string,
  during?: Promise<unknown>,
): Promise<number> {
  const times: number[] = [];
  const state = { running: true };
  void (during ?? new Promise((resolve) => setTimeout(resolve, 2_000))).finally(() => {
    state.running = false;
  });
  while (state.running)
    times.push(await timedCall(server.origin, '/api/transactions?limit=25', authorization));
  return percentile(times, 0.99);
}

interface Figures {
  dialect: Dialect;
  program: { server: number; bare: number; serverCpuMicros: number; bareCpuMicros: number };
  transactions: { server: number; bare: number; serverCpuMicros: number; bareCpuMicros: number };
  exportRowsPerSecond: number;
  databaseRowsPerSecond: number;
  exportPeakMb: number;
  listP99IdleMs: number;
  listP99DuringExportMs: number;
}

type Sides = { server: number[]; bare: number[] };

function figuresOf(rates: Sides, cpu: Sides): Figures['program'] {
  return {
    server: median(rates.server),
    bare: median(rates.bare),
    serverCpuMicros: median(cpu.server),
    bareCpuMicros: median(cpu.bare),
  };
}

async function measure(dialect: Dialect): Promise<Figures> {
  const bench = await openBenchDatabase(dialect);
  const { database } = bench;
  const { db } = database;
  let server: ServerProcess | undefined;
  try {
    const keyHex = await seedForServer(database, ROWS);
    const { authorization } = await authHeader(database, testConfig(), { role: 'ADMIN' });
    const merchantId = await merchantIdByName(db, MAIN_MERCHANT);
    const program = await db
      .selectFrom('merchant_program_participations')
      .select('program_id')
      .where('merchant_id', '=', merchantId)
      .where('deleted_at', 'is', null)
      .orderBy('program_id')
      .executeTakeFirstOrThrow();
    server = await startServerProcess(new URL('../serve.ts', import.meta.url), {
      BENCH_DATABASE: JSON.stringify(bench.config),
      BENCH_KEY: keyHex,
      BENCH_LOG_LEVEL: 'info',
    });
    const headers = { authorization };
    const calls = {
      program: `/api/program/${program.program_id}`,
      transactions: '/api/transactions?limit=25',
    } as const;
    const rates = {
      program: { server: [] as number[], bare: [] as number[] },
      transactions: { server: [] as number[], bare: [] as number[] },
    };
    // CPU time per request: on a machine shared with other work it moves less than requests per second.
    const cpu = {
      program: { server: [] as number[], bare: [] as number[] },
      transactions: { server: [] as number[], bare: [] as number[] },
    };
    for (const [name, path] of Object.entries(calls) as [keyof typeof calls, string][]) {
      const answer = await capture(server.origin, path, headers);
      const bare = await startServerProcess(new URL('./bare.ts', import.meta.url), {
        BENCH_ANSWER: JSON.stringify(answer),
      });
      try {
        for (let round = 0; round < ROUNDS; round++) {
          for (const [side, target] of [
            ['server', server],
            ['bare', bare],
          ] as const) {
            const cpuBefore = await cpuSecondsOf(target.pid);
            const result = await load(target.origin, path, headers, {
              connections: CONNECTIONS,
              seconds: LOAD_SECONDS,
            });
            // The load runs LOAD_SECONDS (to a few milliseconds): its rate times that is its requests.
            const cpuMicros =
              (((await cpuSecondsOf(target.pid)) - cpuBefore) * 1e6) /
              (result.requestsPerSecond * LOAD_SECONDS);
            if (result.errors > 0) throw new Error(`${name} on ${side}: ${String(result.errors)} errors`);
            rates[name][side].push(result.requestsPerSecond);
            cpu[name][side].push(cpuMicros);
            console.log(
              `  ${dialect} ${name} round ${String(round + 1)} ${side}: ${Math.round(result.requestsPerSecond)} req/s, ` +
                `${Math.round(cpuMicros)} µs CPU per request`,
            );
          }
        }
      } finally {
        await stopServerProcess(bare);
      }
    }

    const listP99IdleMs = await listP99(server, authorization);
    const downloads: Awaited<ReturnType<typeof download>>[] = [];
    const dumps: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      dumps.push(await databaseDump(bench.config, merchantId));
      downloads.push(await download(server, authorization));
    }
    const during = download(server, authorization);
    const listP99DuringExportMs = await listP99(server, authorization, during);
    const last = await during;
    if (last.rows !== ROWS) throw new Error(`The export wrote ${String(last.rows)} rows of ${String(ROWS)}`);
    return {
      dialect,
      program: figuresOf(rates.program, cpu.program),
      transactions: figuresOf(rates.transactions, cpu.transactions),
      exportRowsPerSecond: median(downloads.map((run) => run.rows / run.seconds)),
      databaseRowsPerSecond: median(dumps),
      exportPeakMb: median(downloads.map((run) => run.peakMb)),
      listP99IdleMs,
      listP99DuringExportMs,
    };
  } finally {
    if (server !== undefined) await stopServerProcess(server);
    await database.destroy();
    await bench.drop();
  }
}

async function runBenchmark(): Promise<void> {
  const check = process.argv.includes('--check');
  const budget = JSON.parse(await readFile(new URL('budget.json', import.meta.url), 'utf8')) as Budget;
  const dialects: Dialect[] = process.env.BENCH_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
  if (dialects.length === 1) console.log('BENCH_DATABASE_URL is not set: SQLite only.');
  let failed = 0;
  const line = (what: string, value: string, ratio: number, limit: number, atLeast: boolean) => {
    const over = atLeast ? ratio < limit : ratio > limit;
    if (over) failed++;
    console.log(`${what}: ${value}  (budget ${atLeast ? '≥' : '≤'} ${String(limit)}${over ? ', OVER' : ''})`);
  };
  for (const dialect of dialects) {
    console.log(`Seeding ${ROWS.toLocaleString('en-US')} transactions on ${dialect}…`);
    const figures = await measure(dialect);
    const rate = (value: number) => `${Math.round(value).toLocaleString('en-US')}/s`;
    console.log(`\n${dialect}, ${ROWS.toLocaleString('en-US')} transactions, medians of ${String(ROUNDS)}:`);
    for (const name of ['program', 'transactions'] as const) {
      const { server, bare, serverCpuMicros, bareCpuMicros } = figures[name];
      const path = name === 'program' ? 'GET /api/program/:id' : 'GET /api/transactions?limit=25';
      console.log(
        `${dialect} ${path}: ${Math.round(serverCpuMicros)} µs CPU per request, bare ${Math.round(bareCpuMicros)} µs`,
      );
      line(
        `${dialect} ${path}: server ${rate(server)}, bare node:http ${rate(bare)}, ratio`,
        (server / bare).toFixed(3),
        server / bare,
        name === 'program' ? budget.programOverBare : budget.transactionsOverBare,
        true,
      );
    }
    const dump = dialect === 'sqlite' ? 'sqlite3 -csv' : 'psql COPY … TO STDOUT WITH CSV';
    line(
      `${dialect} export: ${rate(figures.exportRowsPerSecond)} rows, ${dump} ${rate(figures.databaseRowsPerSecond)} rows, ratio`,
      (figures.exportRowsPerSecond / figures.databaseRowsPerSecond).toFixed(3),
      figures.exportRowsPerSecond / figures.databaseRowsPerSecond,
      budget.exportOverDatabase,
      true,
    );
    line(
      `${dialect} export: server RSS above idle (MB)`,
      figures.exportPeakMb.toFixed(1),
      figures.exportPeakMb,
      budget.exportMemoryMb,
      false,
    );
    line(
      `${dialect} list p99 while an export streams (ms; ${figures.listP99IdleMs.toFixed(1)} ms without)`,
      figures.listP99DuringExportMs.toFixed(1),
      figures.listP99DuringExportMs,
      budget.listP99DuringExportMs,
      false,
    );
  }
  if (check && failed > 0) {
    console.error(`${String(failed)} figure(s) past their budget`);
    process.exitCode = 1;
  }
}

await runBenchmark();
