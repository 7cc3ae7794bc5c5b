import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/** A caller's requests in the current window, and when that window ends. */
export interface RateLimitCount {
  hits: number;
  windowEndsAt: string;
}

/**
 * Counts one request against `key` in one statement, so that parallel requests on several instances
 * are each counted: a window that has ended starts afresh at one hit, ending `windowMs` from now.
 */
export async function countHit(
  db: Kysely<Database>,
  key: string,
  now: Date,
  windowMs: number,
): Promise<RateLimitCount> {
  const nowText = now.toISOString();
  const windowEndsAt = new Date(now.getTime() + windowMs).toISOString();
  const row = await db
    .insertInto('rate_limit_counters')
    .values({ key, hits: 1, window_ends_at: windowEndsAt })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet((eb) => {
        // Both assignments read the row as it was, so they agree on whether its window had ended.
        const ended = eb('rate_limit_counters.window_ends_at', '<=', nowText);
        return {
          hits: eb
            .case()
            .when(ended)
            .then(1)
            .else(eb('rate_limit_counters.hits', '+', 1))
            .end(),
          window_ends_at: eb
            .case()
            .when(ended)
            .then(windowEndsAt)
            .else(eb.ref('rate_limit_counters.window_ends_at'))
            .end(),
        };
      }),
    )
    .returning(['hits', 'window_ends_at'])
    .executeTakeFirstOrThrow();
  return { hits: row.hits, windowEndsAt: row.window_ends_at };
}

export async function deleteCountersEndedBefore(db: Kysely<Database>, before: string): Promise<void> {
  await db.deleteFrom('rate_limit_counters').where('window_ends_at', '<', before).execute();
}
