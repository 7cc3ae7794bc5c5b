import { randomBytes } from 'node:crypto';
import { Agent, request } from 'node:http';
import { sql } from 'kysely';
import { KeyEncryptionKey } from '../../apps/server/src/auth/key-encryption.js';
import type { DatabaseHandle } from '../../apps/server/src/db/database.js';
import { protectStoredKeys } from '../../apps/server/src/auth/keys.js';
import { migrateToLatest } from '../../apps/server/src/db/migrate.js';
import { seedDemoData } from '../../apps/server/src/seed/seed.js';
import { startServerInstances } from '../../apps/server/src/test/server-instances.js';
import { authHeader, testConfig } from '../../apps/server/src/test/tokens.js';
import { openBenchDatabase } from '../bench-kit.js';

/** The main merchant's transactions: enough that a page is a real query, quick to seed. */
const TRANSACTIONS = 20_000;
/** Requests in flight at once, from this process through the proxy. */
const CONCURRENCY = 16;
const WARM_UP_MS = 3_000;
const MEASURE_MS = 10_000;
/** A mixed read: the first page of the list with its filters' defaults, behind the access check. */
const PATH = '/api/transactions?limit=25';

/** Keeps CONCURRENCY requests in flight for `ms`; answers how many completed with 200. */
async function load(base: string, authorization: string, ms: number): Promise<number> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const url = new URL(PATH, base);
  const deadline = Date.now() + ms;
  let done = 0;
  const one = () =>
    new Promise<void>((resolve, reject) => {
      request(url, { agent, headers: { authorization } }, (response) => {
        if (response.statusCode !== 200) reject(new Error(`${PATH} answered ${String(response.statusCode)}`));
        response.resume();
        response.on('end', () => {
          done += 1;
          resolve();
        });
      })
        .on('error', reject)
        .end();
    });
  const worker = async () => {
    while (Date.now() < deadline) await one();
  };
  try {
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  } finally {
    agent.destroy();
  }
  return done;
}

async function requestsPerSecond(
  count: number,
  database: DatabaseHandle,
  shared: { url: string; keyEncryptionKey: string },
): Promise<number> {
  const instances = await startServerInstances(count, shared, { LOG_LEVEL: 'error' });
  try {
    // A portal token for this proxy's address (its issuer), signed with the database's key.
    const { authorization } = await authHeader(database, testConfig({ publicUrl: instances.proxy.url }), {
      role: 'ADMIN',
    });
    await load(instances.proxy.url, authorization, WARM_UP_MS);
    const done = await load(instances.proxy.url, authorization, MEASURE_MS);
    return done / (MEASURE_MS / 1_000);
  } finally {
    await instances.stop();
  }
}

async function runBenchmark(): Promise<void> {
  if (!process.env.BENCH_DATABASE_URL) {
    console.log('BENCH_DATABASE_URL is not set: several instances need PostgreSQL.');
    process.exitCode = 1;
    return;
  }
  const bench = await openBenchDatabase('postgres');
  try {
    const { database, config } = bench;
    if (config.kind !== 'postgres') throw new Error('the benchmark runs on PostgreSQL');
    await migrateToLatest(database.db);
    const keyEncryptionKey = randomBytes(32).toString('hex');
    const key = KeyEncryptionKey.parse(keyEncryptionKey);
    if (key === undefined) throw new Error('32 random bytes in hex are a key');
    await protectStoredKeys(database.db, key);
    console.log(`Seeding ${TRANSACTIONS.toLocaleString('en-US')} transactions…`);
    await seedDemoData(database.db, { size: 'small', transactions: TRANSACTIONS });
    await sql`vacuum analyze`.execute(database.db);

    const shared = { url: config.url, keyEncryptionKey };
    const one = await requestsPerSecond(1, database, shared);
    const two = await requestsPerSecond(2, database, shared);
    console.log(
      `\nGET ${PATH}, ${String(CONCURRENCY)} requests in flight through a round-robin proxy, ${String(MEASURE_MS / 1_000)} s:`,
    );
    console.log(`  one instance:  ${one.toFixed(0)} requests/s`);
    console.log(`  two instances: ${two.toFixed(0)} requests/s`);
    console.log(`  ratio (two / one): ${(two / one).toFixed(2)}`);
  } finally {
    await bench.database.destroy();
    await bench.drop();
  }
}

await runBenchmark();
