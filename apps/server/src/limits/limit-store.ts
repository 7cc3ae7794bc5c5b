import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { Database } from '../db/schema.js';
import { databaseLimitStore } from './database-limit-store.js';
import { openRedisLimitStore } from './redis-limit-store.js';

/** A caller's requests in the current window of a rate limit, and how long that window still runs. */
export interface RateLimitHit {
  hits: number;
  ttlMs: number;
}

/** A sign-in throttle key's failure count and the time of its last failure (ISO text). */
export interface ThrottleCount {
  failures: number;
  lastFailureAt: string;
}

/**
 * Where the counters that must hold for every instance together live: the routes' rate limits and
 * the sign-in slow-down. One interface, two stores, chosen at start (docs/decisions/0023): the
 * database (tables `rate_limit_counters`, `sign_in_throttles`) or Redis when REDIS_URL is set. Every
 * operation is atomic on its own in both, so that parallel requests on several instances each count.
 * A store that cannot be reached answers with a 503 AppError rather than letting the request through.
 */
export interface LimitStore {
  /** Counts one request against `key`; a window that has ended starts afresh, `windowMs` long. */
  countHit(key: string, windowMs: number, now: Date): Promise<RateLimitHit>;
  findThrottle(key: string): Promise<ThrottleCount | undefined>;
  /**
   * Writes `next` for the key only if it still holds `seen` (nothing when undefined): of parallel
   * attempts that read the same count, one wins. True when this one did. The count is forgotten
   * `forgetAfterMs` after `next.lastFailureAt`.
   */
  compareAndSetThrottle(
    key: string,
    seen: ThrottleCount | undefined,
    next: ThrottleCount,
    forgetAfterMs: number,
  ): Promise<boolean>;
  deleteThrottle(key: string): Promise<void>;
  /** One failure fewer for the key, never below none. */
  decrementThrottle(key: string): Promise<void>;
  close(): Promise<void>;
}

export async function openLimitStore(
  config: Pick<Config, 'redis'>,
  db: Kysely<Database>,
): Promise<LimitStore> {
  return config.redis === undefined ? databaseLimitStore(db) : openRedisLimitStore(config.redis);
}
