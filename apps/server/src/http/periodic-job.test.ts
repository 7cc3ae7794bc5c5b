import type { FastifyInstance } from 'fastify';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimJobRun } from '../db/job-leases.js';
import type { DatabaseHandle } from '../db/database.js';
import { openTestDatabase, TEST_DIALECTS } from '../test/test-database.js';
import { runPeriodically } from './periodic-job.js';

const MINUTE_MS = 60_000;

describe.each(TEST_DIALECTS)('periodic jobs across instances (%s)', (dialect) => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await openTestDatabase(dialect);
  });

  afterAll(async () => {
    await database.destroy();
  });

  it('gives a due run to one of the instances asking at once, and the next one once it is due', async () => {
    const now = new Date('2026-01-05T10:00:00Z');
    const next = new Date(now.getTime() + MINUTE_MS);
    const claims = await Promise.all(
      Array.from({ length: 4 }, () => claimJobRun(database.db, 'race', now, next)),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimJobRun(database.db, 'race', new Date(next.getTime() - 1), next)).toBe(false);
    expect(await claimJobRun(database.db, 'other', now, next)).toBe(true);
    expect(await claimJobRun(database.db, 'race', next, new Date(next.getTime() + MINUTE_MS))).toBe(true);
  });

  it('runs a job on one of two listening servers', async () => {
    let runs = 0;
    const servers: FastifyInstance[] = [];
    try {
      for (let index = 0; index < 2; index++) {
        const app = Fastify();
        runPeriodically(app, database.db, {
          name: 'listening',
          periodMs: 10 * MINUTE_MS,
          run: () => {
            runs += 1;
            return Promise.resolve();
          },
          failure: 'the test job failed',
        });
        await app.listen({ host: '127.0.0.1', port: 0 });
        servers.push(app);
      }
      await expect.poll(() => runs).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(runs).toBe(1);
    } finally {
      for (const app of servers) await app.close();
    }
  });
});
