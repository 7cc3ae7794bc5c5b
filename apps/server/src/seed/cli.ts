// `npm run seed -- --size small|large`: migrates the database of DATABASE_URL and fills it with the demo
// data when it is empty. Exit code 0 when seeded or already seeded, 1 on any error.
import { parseArgs } from 'node:util';
import { resolveKeyEncryptionKey } from '../auth/key-encryption.js';
import { protectStoredKeys } from '../auth/keys.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { describePostgresUrl } from '../db/database-url.js';
import { migrateToLatest } from '../db/migrate.js';
import { DEMO_PASSWORD, DEMO_SIGN_INS } from './demo-users.js';
import { isDatabaseEmpty, SEED_SIZES, seedDemoData, type SeedSize } from './seed.js';

function readSize(): SeedSize {
  const { values } = parseArgs({ options: { size: { type: 'string', default: 'small' } } });
  const size = SEED_SIZES.find((candidate) => candidate === values.size);
  if (size === undefined) throw new Error(`--size must be ${SEED_SIZES.join(' or ')}`);
  return size;
}

async function main(): Promise<void> {
  const size = readSize();
  const config = loadConfig();
  const database = await openDatabase(config.database);
  try {
    await migrateToLatest(database.db);
    // The seed signs checkout links with a stored key, read with the server's key encryption key.
    await protectStoredKeys(database.db, (await resolveKeyEncryptionKey(config)).key);
    const where =
      config.database.kind === 'sqlite' ? config.database.file : describePostgresUrl(config.database.url);
    if (!(await isDatabaseEmpty(database.db))) {
      console.log(`The database (${where}) already holds data: not seeded again.`);
      return;
    }
    const started = Date.now();
    const summary = await seedDemoData(database.db, {
      size,
      onProgress: (message) => {
        console.log(`  ${message} (${((Date.now() - started) / 1_000).toFixed(1)} s)`);
      },
    });
    const counts = Object.entries(summary).map(([table, rows]) => `${table} ${rows}`);
    const seconds = ((Date.now() - started) / 1_000).toFixed(1);
    console.log(`Seeded the demo data into ${where} in ${seconds} s: ${counts.join(', ')}.`);
    console.log(`Demo sign-ins (password ${DEMO_PASSWORD}):`);
    for (const signIn of DEMO_SIGN_INS) {
      console.log(
        `  ${signIn.email.padEnd(32)} ${signIn.role.padEnd(17)} ${signIn.merchantName ?? 'any merchant'}`,
      );
    }
  } finally {
    await database.destroy();
  }
}

try {
  await main();
} catch (error) {
  console.error(`seed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
