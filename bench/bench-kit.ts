import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { Client } from 'pg';
import { KeyEncryptionKey } from '../apps/server/src/auth/key-encryption.js';
import { protectStoredKeys } from '../apps/server/src/auth/keys.js';
import { openDatabase, type DatabaseConfig, type DatabaseHandle } from '../apps/server/src/db/database.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { MAIN_MERCHANT } from '../apps/server/src/seed/demo-merchants.js';
import { seedDemoData } from '../apps/server/src/seed/seed.js';
import { authHeader, merchantIdByName, testConfig } from '../apps/server/src/test/tokens.js';

/** What every benchmark of the project shares: its timing and its fresh databases. */
export type Dialect = DatabaseHandle['dialect'];

/** Calls timed per figure, after the warm-ups that fill the caches. */
export const RUNS = 20;
export const WARM_UPS = 3;

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** The median time of RUNS calls, after WARM_UPS that fill the caches. */
export async function medianMs(call: () => Promise<unknown>): Promise<number> {
  for (let run = 0; run < WARM_UPS; run++) await call();
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = process.hrtime.bigint();
    await call();
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return median(times);
}

/** The value under which `share` (0.99 for the p99) of the values lie. */
export function percentile(values: readonly number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
}

/** SQLite, and PostgreSQL when BENCH_DATABASE_URL names a server where the bench may create databases. */
export function benchDialects(): Dialect[] {
  if (process.env.BENCH_DATABASE_URL) return ['sqlite', 'postgres'];
  console.log('BENCH_DATABASE_URL is not set: SQLite only.');
  return ['sqlite'];
}

/** A fresh database: a temporary SQLite file, or a new PostgreSQL database made through BENCH_DATABASE_URL. */
export async function openBenchDatabase(dialect: Dialect): Promise<{
  database: DatabaseHandle;
  /** How to open the same database again, e.g. from a server process of its own. */
  config: DatabaseConfig;
  drop(): Promise<void>;
}> {
  if (dialect === 'sqlite') {
    const folder = await mkdtemp(join(tmpdir(), 'portal-bench-'));
    const config = { kind: 'sqlite', file: join(folder, 'bench.sqlite') } as const;
    const database = await openDatabase(config);
    return { database, config, drop: () => rm(folder, { recursive: true, force: true }) };
  }
  const adminUrl = process.env.BENCH_DATABASE_URL ?? '';
  const name = `portal_bench_${randomUUID().replaceAll('-', '')}`;
  const admin = async (statement: string) => {
    const client = new Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const config = { kind: 'postgres', url: url.toString() } as const;
  const database = await openDatabase(config);
  return { database, config, drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/**
 * Migrates a bench database and seeds the demo data with `size` transactions for the main merchant,
 * then does what autovacuum (PostgreSQL) and a checkpoint (SQLite) do soon after a bulk load: without
 * them every count reads the table too, and every read looks pages up in the write-ahead log.
 * Answers the seconds the seed took.
 */
export async function seedBenchData(
  database: DatabaseHandle,
  size: number,
  key: KeyEncryptionKey = KeyEncryptionKey.generate(),
): Promise<number> {
  const { dialect } = database;
  await migrateToLatest(database.db);
  await protectStoredKeys(database.db, key);
  const seeding = Date.now();
  await seedDemoData(database.db, {
    size: 'small',
    transactions: size,
    onProgress: (message) => {
      console.log(`  ${dialect} ${size.toLocaleString('en-US')}: ${message}`);
    },
  });
  const seconds = (Date.now() - seeding) / 1_000;
  if (dialect === 'postgres') await sql`vacuum analyze`.execute(database.db);
  if (dialect === 'sqlite') await sql`pragma wal_checkpoint(TRUNCATE)`.execute(database.db);
  return seconds;
}

/**
 * The same for a server process of its own: answers the key encryption key the signing keys were
 * stored under, for that process to open them.
 */
export async function seedForServer(database: DatabaseHandle, size: number): Promise<string> {
  const keyHex = randomBytes(32).toString('hex');
  const key = KeyEncryptionKey.parse(keyHex);
  if (key === undefined) throw new Error('The key encryption key does not parse');
  await seedBenchData(database, size, key);
  return keyHex;
}

/** The line feeds of a stream (a downloaded CSV, a dump), counted as it flows and thrown away. */
export function countLines(stream: Readable): Promise<number> {
  return new Promise((resolve, reject) => {
    let count = 0;
    stream.on('data', (chunk: Buffer) => {
      for (let index = chunk.indexOf(10); index !== -1; index = chunk.indexOf(10, index + 1)) count++;
    });
    stream.on('end', () => {
      resolve(count);
    });
    stream.on('error', reject);
  });
}

/** A server (or any script that prints `listening <origin>`) in a process of its own. */
export interface ServerProcess {
  readonly child: ChildProcess;
  readonly pid: number;
  readonly origin: string;
}

/**
 * Starts a script of the bench folder (read from its sources through tsx) with these variables, once it
 * listens. `BENCH_SERVER_NODE_OPTIONS` gives it node options of its own (`--cpu-prof`, a heap size), as
 * the benchmark's process needs its own for the seed.
 */
export async function startServerProcess(script: URL, env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(script)], {
    env: {
      ...process.env,
      ...env,
      TSX_TSCONFIG_PATH: fileURLToPath(new URL('./tsconfig.json', import.meta.url)),
      NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS ?? '',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error(`${script.pathname} did not start`);
  for await (const line of createInterface({ input: child.stdout })) {
    const origin = /^listening (\S+)$/.exec(line)?.[1];
    if (origin !== undefined) return { child, pid, origin };
  }
  throw new Error(`${script.pathname} stopped before it listened`);
}

export async function stopServerProcess({ child }: ServerProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** The resident memory of a process, from Linux's /proc: the server's own, not this reader's. */
export async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${String(pid)}/status`, 'utf8');
  const kilobytes = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
  if (kilobytes === undefined) throw new Error(`No VmRSS for process ${String(pid)}`);
  return Number(kilobytes) * 1024;
}

/** A server process on a freshly seeded database, and what a client of the main merchant needs. */
export interface SeededServer {
  readonly server: ServerProcess;
  readonly database: DatabaseHandle;
  /** The header of an admin of the main merchant. */
  readonly authorization: string;
  readonly merchantId: string;
}

/**
 * Seeds `rows` transactions into a fresh database of the dialect, starts `serve.ts` on it (its log at
 * `info`, as production writes it), runs `work`, then stops the server and drops the database.
 */
export async function withSeededServer<T>(
  dialect: Dialect,
  rows: number,
  work: (seeded: SeededServer) => Promise<T>,
): Promise<T> {
  const bench = await openBenchDatabase(dialect);
  const { database } = bench;
  let server: ServerProcess | undefined;
  try {
    const keyHex = await seedForServer(database, rows);
    const { authorization } = await authHeader(database, testConfig(), { role: 'ADMIN' });
    const merchantId = await merchantIdByName(database.db, MAIN_MERCHANT);
    server = await startServerProcess(new URL('./serve.ts', import.meta.url), {
      BENCH_DATABASE: JSON.stringify(bench.config),
      BENCH_KEY: keyHex,
      BENCH_LOG_LEVEL: 'info',
    });
    return await work({ server, database, authorization, merchantId });
  } finally {
    if (server !== undefined) await stopServerProcess(server);
    await database.destroy();
    await bench.drop();
  }
}
