// The server alone in a process of its own, on a database the benchmark seeded, so that the memory the
// benchmark reads is the server's, not the seed's: `BENCH_DATABASE` (the JSON of a DatabaseConfig) and
// `BENCH_KEY` (the key the signing keys were stored under). Prints the origin it listens on.
import { pino } from 'pino';
import { buildApp } from '../../apps/server/src/app.js';
import { KeyEncryptionKey } from '../../apps/server/src/auth/key-encryption.js';
import { protectStoredKeys } from '../../apps/server/src/auth/keys.js';
import { openDatabase, type DatabaseConfig } from '../../apps/server/src/db/database.js';
import { testConfig } from '../../apps/server/src/test/tokens.js';

const key = KeyEncryptionKey.parse(process.env.BENCH_KEY ?? '');
if (key === undefined) throw new Error('BENCH_KEY: 64 hex digits');
const database = await openDatabase(JSON.parse(process.env.BENCH_DATABASE ?? '') as DatabaseConfig);
await protectStoredKeys(database.db, key);
const app = await buildApp({ config: testConfig(), database, logger: pino({ level: 'silent' }) });
const origin = await app.listen({ host: '127.0.0.1', port: 0 });
console.log(`listening ${origin}`);
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => database.destroy())
    .finally(() => process.exit(0));
});
