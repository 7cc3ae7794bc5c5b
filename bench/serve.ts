// The server alone in a process of its own, on a database a benchmark seeded, so that the memory and
// the CPU the benchmark reads are the server's, not the seed's or the load's: `BENCH_DATABASE` (the JSON
// of a DatabaseConfig), `BENCH_KEY` (the key the signing keys were stored under) and `BENCH_LOG_LEVEL`
// (silent unless given; lines are written synchronously to /dev/null, as a production logger writes
// them to its stdout, so that making them is counted). Prints the origin it listens on.
import { pino } from 'pino';
import { buildApp } from '../apps/server/src/app.js';
import { KeyEncryptionKey } from '../apps/server/src/auth/key-encryption.js';
import { protectStoredKeys } from '../apps/server/src/auth/keys.js';
import { openDatabase, type DatabaseConfig } from '../apps/server/src/db/database.js';
import { testConfig } from '../apps/server/src/test/tokens.js';

const key = KeyEncryptionKey.parse(process.env.BENCH_KEY ?? '');
if (key === undefined) throw new Error('BENCH_KEY: 64 hex digits');
const database = await openDatabase(JSON.parse(process.env.BENCH_DATABASE ?? '') as DatabaseConfig);
await protectStoredKeys(database.db, key);
const logger = pino(
  { level: process.env.BENCH_LOG_LEVEL ?? 'silent' },
  pino.destination({ dest: '/dev/null', sync: true }),
);
// Answers are written as production writes them, without the check tests and development add.
const app = await buildApp({ config: testConfig(), database, logger, checkAnswers: false });
const origin = await app.listen({ host: '127.0.0.1', port: 0 });
console.log(`listening ${origin}`);
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => database.destroy())
    .finally(() => process.exit(0));
});
