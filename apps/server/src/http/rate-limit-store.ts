import { createHash } from 'node:crypto';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Kysely } from 'kysely';
import { countHit, deleteCountersEndedBefore } from '../db/rate-limit-counters.js';
import type { Database } from '../db/schema.js';

/** How often, at most, one process deletes the counters of windows that have ended. */
const PRUNE_INTERVAL_MS = 10 * 60_000;

/** What @fastify/rate-limit hands `child()` for a route: its options, with the route as `routeInfo`. */
function routeNameOf(options: object): string {
  const route: unknown = 'routeInfo' in options ? options.routeInfo : undefined;
  if (typeof route !== 'object' || route === null) return '';
  const method = 'method' in route ? String(route.method) : '';
  const url = 'url' in route ? String(route.url) : '';
  return `${method} ${url}`;
}

/**
 * @fastify/rate-limit's counters in the `rate_limit_counters` table (migration 0032) rather than in
 * the process, so that a limit holds across every instance on the database instead of being multiplied
 * by their number (docs/decisions/0017-several-instances.md). Each route counts on its own, as with the
 * plugin's own store; a key is stored only hashed (it holds the client's address).
 */
export function databaseRateLimitStore(db: Kysely<Database>): FastifyRateLimitStoreCtor {
  let lastPrune = Number.NEGATIVE_INFINITY;
  const pruneIfDue = async (now: Date) => {
    if (now.getTime() - lastPrune < PRUNE_INTERVAL_MS) return;
    lastPrune = now.getTime();
    await deleteCountersEndedBefore(db, now.toISOString());
  };

  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    private readonly route: string;

    /** The plugin makes the root store with its options, and each route's with `child()`. */
    constructor(options: object) {
      this.route = routeNameOf(options);
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      const now = new Date();
      const hashed = createHash('sha256').update(`${this.route}\n${key}`).digest('hex');
      pruneIfDue(now)
        .then(() => countHit(db, hashed, now, timeWindow))
        .then(
          ({ hits, windowEndsAt }) => {
            callback(null, { current: hits, ttl: Math.max(0, Date.parse(windowEndsAt) - now.getTime()) });
          },
          (error: unknown) => {
            callback(error instanceof Error ? error : new Error(String(error)));
          },
        );
    }

    child(options: object): FastifyRateLimitStore {
      return new DatabaseRateLimitStore(options);
    }
  }
  return DatabaseRateLimitStore;
}
