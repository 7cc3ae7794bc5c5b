import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../test/test-database.js';
import { addressGenerator, errorShapeProblem, Tally } from './attack-checks.js';
import { buildAttackWorld } from './attack-world.js';
import type { AttackWorld } from './attack-world.js';
import { malformedRequests } from './malformed-input.js';
import { entryOf, ROUTE_KEYS } from './route-table.js';

/**
 * Every route × at least 500 malformed requests with a token that holds every scope, so that validation
 * and handlers are reached (issue 10): no 5xx, no dropped connection, every refusal in the error shape.
 * Set ATTACK_SEED to replay a failure; the seed is printed with it.
 */

const SEED = Number(process.env.ATTACK_SEED ?? 20_261_124);
const RUNS_PER_ROUTE = 500;
const TRANSACTIONS_LIST = '/api/transactions';

// The session-ending route is left out: it would end the key this suite uses.
const keys = ROUTE_KEYS.filter((key) => entryOf(key).endsSession !== true);

describe.each(TEST_DIALECTS)('bad input (%s)', (dialect) => {
  let world: AttackWorld;
  let cursors: { query: Record<string, string>; cursor: string }[];
  const tally = new Tally(['5xx']);
  const nextAddress = addressGenerator();

  beforeAll(async () => {
    world = await buildAttackWorld(dialect);
    cursors = [];
    for (const sort of ['createdAt', 'total']) {
      const query = { sort, order: 'asc', limit: '25' };
      const response = await world.testApp.app.inject({
        method: 'GET',
        url: `${TRANSACTIONS_LIST}?${new URLSearchParams(query).toString()}`,
        headers: world.allScopes,
      });
      const cursor = response.json<{ data: { nextCursor: string | null } }>().data.nextCursor;
      if (cursor === null) throw new Error('The demo data has a single page of transactions');
      cursors.push({ query, cursor });
    }
  });

  afterAll(async () => {
    console.log(tally.line(`bad input ${dialect} (seed ${String(SEED)})`));
    const byRoute = new Map<string, number>();
    for (const problem of tally.problems) {
      const route = problem.slice(0, problem.indexOf(' ['));
      byRoute.set(route, (byRoute.get(route) ?? 0) + 1);
    }
    if (byRoute.size > 0)
      console.log(
        `  refused wrongly on: ${[...byRoute].map(([route, n]) => `${route} (${String(n)})`).join(', ')}`,
      );
    await world.testApp.close();
  });

  it(`answers ${String(RUNS_PER_ROUTE)} malformed requests per route with no 5xx and every refusal in the error shape`, async () => {
    for (const [index, key] of keys.entries()) {
      const [method = 'GET', path = '/'] = key.split(' ');
      const requests = fc.sample(
        malformedRequests({
          method,
          path,
          call: entryOf(key).call(world.a),
          headers: entryOf(key).credential?.(world.a) ?? world.allScopes,
          cursors: path === TRANSACTIONS_LIST ? cursors : [],
        }),
        { numRuns: RUNS_PER_ROUTE, seed: SEED + index },
      );
      for (const request of requests) {
        let problem: string | undefined;
        let status = 0;
        try {
          const response = await world.testApp.app.inject({
            ...request.options,
            remoteAddress: nextAddress(),
          });
          status = response.statusCode;
          if (status >= 500) problem = `answered ${String(status)}: ${response.body.slice(0, 160)}`;
          else if (status >= 400) problem = errorShapeProblem(response);
        } catch (error) {
          problem = `dropped the answer: ${error instanceof Error ? error.message : String(error)}`;
        }
        tally.count(status >= 500 || status === 0 ? '5xx' : undefined);
        if (problem !== undefined) {
          tally.problems.push(
            `${key} [${request.kind}] ${request.url.slice(0, 200)} ` +
              `${(request.payload ?? '').slice(0, 120)}: ${problem}`,
          );
        }
      }
    }
    expect.soft(tally.requests).toBeGreaterThanOrEqual(keys.length * RUNS_PER_ROUTE);
    expect(
      tally.problems.slice(0, 20),
      `seed ${String(SEED)}, ${String(tally.problems.length)} problems`,
    ).toEqual([]);
  }, 300_000);
});
