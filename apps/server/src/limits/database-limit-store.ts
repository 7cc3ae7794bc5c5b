import type { Kysely } from 'kysely';
import {
  compareAndSetThrottle,
  decrementThrottle,
  deleteThrottle,
  deleteThrottlesBefore,
  findThrottle,
} from '../auth/provider/sign-in-throttle-repository.js';
import { countHit, deleteCountersEndedBefore } from '../db/rate-limit-counters.js';
import type { Database } from '../db/schema.js';
import type { LimitStore } from './limit-store.js';

/** How often, at most, one process deletes ended windows and forgotten throttles. */
const PRUNE_INTERVAL_MS = 10 * 60_000;

/** True at most once every PRUNE_INTERVAL_MS: rows past their time are deleted in passing. */
function pruneClock(): (nowMs: number) => boolean {
  let last = Number.NEGATIVE_INFINITY;
  return (nowMs) => {
    if (nowMs - last < PRUNE_INTERVAL_MS) return false;
    last = nowMs;
    return true;
  };
}

/**
 * The counters in the database (`rate_limit_counters`, migration 0032; `sign_in_throttles`), shared by
 * every instance on it (docs/decisions/0017-several-instances.md). Windows and throttles that have
 * ended stay as rows until a later call deletes them.
 */
export function databaseLimitStore(db: Kysely<Database>): LimitStore {
  const counterPruneDue = pruneClock();
  const throttlePruneDue = pruneClock();
  return {
    async countHit(key, windowMs, now) {
      if (counterPruneDue(now.getTime())) await deleteCountersEndedBefore(db, now.toISOString());
      const { hits, windowEndsAt } = await countHit(db, key, now, windowMs);
      return { hits, ttlMs: Math.max(0, Date.parse(windowEndsAt) - now.getTime()) };
    },
    findThrottle: (key) => findThrottle(db, key),
    async compareAndSetThrottle(key, seen, next, forgetAfterMs) {
      const at = Date.parse(next.lastFailureAt);
      if (throttlePruneDue(at)) await deleteThrottlesBefore(db, new Date(at - forgetAfterMs).toISOString());
      return compareAndSetThrottle(db, key, seen, next);
    },
    deleteThrottle: (key) => deleteThrottle(db, key),
    decrementThrottle: (key) => decrementThrottle(db, key),
    // The database is the server's own, closed with it.
    close: () => Promise.resolve(),
  };
}
