import { createHash } from 'node:crypto';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { LimitStore } from '../limits/limit-store.js';

/** What @fastify/rate-limit hands `child()` for a route: its options, with the route as `routeInfo`. */
function routeNameOf(options: object): string {
  const route: unknown = 'routeInfo' in options ? options.routeInfo : undefined;
  if (typeof route !== 'object' || route === null) return '';
  const method = 'method' in route ? String(route.method) : '';
  const url = 'url' in route ? String(route.url) : '';
  return `${method} ${url}`;
}

/**
 * @fastify/rate-limit's counters in the shared limit store (the database, or Redis) rather than in
 * the process, so that a limit holds across every instance instead of being multiplied by their
 * number (docs/decisions/0017-several-instances.md, 0023). Each route counts on its own, as with the
 * plugin's own store; a key is stored only hashed (it holds the client's address).
 */
export function sharedRateLimitStore(limits: LimitStore): FastifyRateLimitStoreCtor {
  class SharedRateLimitStore implements FastifyRateLimitStore {
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
      limits.countHit(hashed, timeWindow, now).then(
        ({ hits, ttlMs }) => {
          callback(null, { current: hits, ttl: ttlMs });
        },
        (error: unknown) => {
          callback(error instanceof Error ? error : new Error(String(error)));
        },
      );
    }

    child(options: object): FastifyRateLimitStore {
      return new SharedRateLimitStore(options);
    }
  }
  return SharedRateLimitStore;
}
