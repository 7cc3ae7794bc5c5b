import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/database.js';
import { openTestDatabase } from '../test/test-database.js';
import { deleteRedisKeys, limitStoreConfig, TEST_LIMIT_STORES } from '../test/test-limits.js';
import { testConfig } from '../test/tokens.js';

const LIMIT = { max: 3, timeWindow: 60_000 } as const;
const SHORT_LIMIT = { max: 1, timeWindow: 300 } as const;

/** One instance of the server with three limited test routes, on the shared database and limit store. */
async function instance(database: DatabaseHandle, store: Pick<Config, 'redis'>): Promise<FastifyInstance> {
  const app = await buildApp({ config: testConfig(store), database, logger: pino({ level: 'silent' }) });
  await app.register((scope, _options, done) => {
    for (const path of ['/test/limited', '/test/other']) {
      scope.get(path, { config: { rateLimit: LIMIT } }, () => ({ ok: true }));
    }
    scope.get('/test/short', { config: { rateLimit: SHORT_LIMIT } }, () => ({ ok: true }));
    done();
  });
  return app;
}

describe.each(TEST_LIMIT_STORES)(
  'rate limits shared by the instances (%s, counted in the %s store)',
  (dialect, kind) => {
    const store = limitStoreConfig(kind);
    let database: DatabaseHandle;
    let instances: FastifyInstance[];

    const statuses = async (path: string, count: number, address = '203.0.113.7') => {
      const responses = await Promise.all(
        Array.from({ length: count }, (_unused, index) =>
          instanceAt(index).inject({ method: 'GET', url: path, remoteAddress: address }),
        ),
      );
      return responses.map((response) => response.statusCode);
    };
    const instanceAt = (index: number) => {
      const app = instances[index % instances.length];
      if (app === undefined) throw new Error('no instance started');
      return app;
    };

    beforeAll(async () => {
      database = await openTestDatabase(dialect);
      instances = [await instance(database, store), await instance(database, store)];
    });

    afterAll(async () => {
      for (const app of instances) await app.close();
      await deleteRedisKeys(store);
      await database.destroy();
    });

    it('counts the requests of one client on every instance against one limit, even all at once', async () => {
      const answers = await statuses('/test/limited', 8);
      expect(answers.filter((status) => status === 200)).toHaveLength(LIMIT.max);
      expect(answers.filter((status) => status === 429)).toHaveLength(8 - LIMIT.max);
    });

    it('counts each route and each client on its own', async () => {
      expect(await statuses('/test/other', LIMIT.max)).toEqual([200, 200, 200]);
      expect(await statuses('/test/limited', 1, '198.51.100.9')).toEqual([200]);
    });

    it('starts a new window once the last one has ended, and says when on refusal', async () => {
      expect(await statuses('/test/short', 1)).toEqual([200]);
      const refused = await instances[1]?.inject({
        method: 'GET',
        url: '/test/short',
        remoteAddress: '203.0.113.7',
      });
      expect(refused?.statusCode).toBe(429);
      expect(Number(refused?.headers['retry-after'])).toBeLessThanOrEqual(1);
      await new Promise((resolve) => setTimeout(resolve, SHORT_LIMIT.timeWindow + 50));
      expect(await statuses('/test/short', 1)).toEqual([200]);
    });
  },
);
