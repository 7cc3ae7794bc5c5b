import { get } from 'node:http';
import { readFile } from 'node:fs/promises';
import {
  benchDialects,
  countLines,
  percentile,
  withSeededServer,
  type Dialect,
  type ServerProcess,
} from '../bench-kit.js';
import { mixedCalls } from './mixed-calls.js';
import { mixedLoad, type PhaseResult } from './mixed-load.js';

/** `BENCH_ROWS=20000 BENCH_MIXED_SECONDS=10` checks quickly that the benchmark works; the budgets are for these. */
const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_MIXED_SECONDS ?? 60);
const CLIENTS = 80;
const EXPORTS = 2;
/** Before the measured phases: the server's code compiled and its caches filled, as after its first minutes. */
const WARM_UP_SECONDS = 5;

interface Budget {
  p99Ms: number;
  p99WithTwoExportsMs: number;
}

/** Downloads the whole CSV export, throwing the bytes away: its rows. */
function download(server: ServerProcess, authorization: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(`${server.origin}/api/transactions/export.csv`, { headers: { authorization } }, (response) => {
      if (response.statusCode !== 200) reject(new Error(`export answered ${String(response.statusCode)}`));
      countLines(response).then(resolve, reject);
    }).on('error', reject);
  });
}

/** `count` exports streaming one after another each until `stop` resolves: the rows they sent. */
async function exportsUntil(
  server: ServerProcess,
  authorization: string,
  count: number,
  stop: Promise<unknown>,
): Promise<number> {
  const state = { running: true };
  void stop.finally(() => {
    state.running = false;
  });
  const stream = async () => {
    let rows = 0;
    while (state.running) rows += await download(server, authorization);
    return rows;
  };
  const sent = await Promise.all(Array.from({ length: count }, stream));
  return sent.reduce((sum, rows) => sum + rows, 0);
}

interface Figures {
  alone: PhaseResult;
  withExports: PhaseResult;
  exportedRows: number;
}

function measure(dialect: Dialect): Promise<Figures> {
  return withSeededServer(dialect, ROWS, async ({ server, database, authorization, merchantId }) => {
    const nextCall = await mixedCalls(database.db, merchantId);
    const options = { clients: CLIENTS, seconds: SECONDS };
    await mixedLoad(server.origin, authorization, nextCall, { clients: CLIENTS, seconds: WARM_UP_SECONDS });
    console.log(`  ${dialect}: ${String(CLIENTS)} clients for ${String(SECONDS)} s…`);
    const alone = await mixedLoad(server.origin, authorization, nextCall, options);
    console.log(`  ${dialect}: the same with ${String(EXPORTS)} exports streaming…`);
    const load = mixedLoad(server.origin, authorization, nextCall, options);
    const exportedRows = await exportsUntil(server, authorization, EXPORTS, load);
    return { alone, withExports: await load, exportedRows };
  });
}

async function runBenchmark(): Promise<void> {
  const check = process.argv.includes('--check');
  const budget = JSON.parse(await readFile(new URL('budget.json', import.meta.url), 'utf8')) as Budget;
  let failed = 0;
  const report = (label: string, phase: PhaseResult, limitMs: number) => {
    const p50 = percentile(phase.times, 0.5);
    const p99 = percentile(phase.times, 0.99);
    const over = p99 > limitMs;
    if (over) failed++;
    console.log(
      `${label}: ${Math.round(phase.requestsPerSecond).toLocaleString('en-US')} req/s, p50 ${p50.toFixed(1)} ms, ` +
        `p99 ${p99.toFixed(1)} ms  (budget p99 ≤ ${String(limitMs)}${over ? ', OVER' : ''})`,
    );
    const byKind = [...phase.timesByKind]
      .map(
        ([kind, times]) =>
          `${kind} ${String(times.length)} calls p50 ${percentile(times, 0.5).toFixed(0)} p99 ${percentile(times, 0.99).toFixed(0)}`,
      )
      .join('; ');
    console.log(`  by kind (ms): ${byKind}`);
    for (const [reason, count] of phase.failures) {
      failed++;
      console.log(`  ${String(count)} calls not answered 2xx: ${reason}`);
    }
  };
  for (const dialect of benchDialects()) {
    console.log(`Seeding ${ROWS.toLocaleString('en-US')} transactions on ${dialect}…`);
    const figures = await measure(dialect);
    console.log(
      `\n${dialect}, ${ROWS.toLocaleString('en-US')} transactions, ${String(CLIENTS)} clients, ${String(SECONDS)} s:`,
    );
    report(`${dialect} mixed load`, figures.alone, budget.p99Ms);
    report(
      `${dialect} mixed load, ${String(EXPORTS)} exports streaming (${figures.exportedRows.toLocaleString('en-US')} rows sent)`,
      figures.withExports,
      budget.p99WithTwoExportsMs,
    );
  }
  if (check && failed > 0) {
    console.error(`${String(failed)} figure(s) past their budget`);
    process.exitCode = 1;
  }
}

await runBenchmark();
