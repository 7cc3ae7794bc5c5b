import { randomUUID } from 'node:crypto';
import { createClient } from 'redis';
import type { Config, RedisConfig } from '../config.js';
import type { DatabaseHandle } from '../db/database.js';
import { TEST_DIALECTS } from './test-database.js';

/** The Redis the tests use (.ci/run starts one when none answers); README "Tests". */
const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

type Dialect = DatabaseHandle['dialect'];

export type LimitStoreKind = 'database' | 'redis';

/**
 * The limit stores each behaviour test runs against: the database store on every test database, and
 * Redis (whose behaviour does not depend on the database beside it) on SQLite.
 */
export const TEST_LIMIT_STORES: readonly (readonly [Dialect, LimitStoreKind])[] = [
  ...TEST_DIALECTS.map((dialect) => [dialect, 'database'] as const),
  ['sqlite', 'redis'],
];

/** Keys of their own for one test file's run, so that runs never see each other's counts. */
export function testRedisConfig(): RedisConfig {
  return { url: TEST_REDIS_URL, keyPrefix: `portal-test:${randomUUID()}:` };
}

/** The configuration part that selects the store: `redis` set for Redis, unset for the database. */
export function limitStoreConfig(kind: LimitStoreKind): Pick<Config, 'redis'> {
  return { redis: kind === 'redis' ? testRedisConfig() : undefined };
}

/** Deletes every key a test run made under its prefix. */
export async function deleteRedisKeys(config: Pick<Config, 'redis'>): Promise<void> {
  if (config.redis === undefined) return;
  const client = createClient({ url: config.redis.url });
  await client.connect();
  try {
    for await (const keys of client.scanIterator({ MATCH: `${config.redis.keyPrefix}*`, COUNT: 500 })) {
      if (keys.length > 0) await client.del(keys);
    }
  } finally {
    await client.close();
  }
}
