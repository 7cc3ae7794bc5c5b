import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database>;

/** A key's failure count and the time of its last failure. */
export interface ThrottleCount {
  failures: number;
  lastFailureAt: string;
}

export async function findThrottle(db: Db, key: string): Promise<ThrottleCount | undefined> {
  const row = await db
    .selectFrom('sign_in_throttles')
    .select(['failures', 'last_failure_at'])
    .where('key', '=', key)
    .executeTakeFirst();
  return row && { failures: row.failures, lastFailureAt: row.last_failure_at };
}

/**
 * Writes `next` for the key only if its row still holds `seen` (no row when undefined): of parallel
 * attempts that read the same count, one wins. True when this one did.
 */
export async function compareAndSetThrottle(
  db: Db,
  key: string,
  seen: ThrottleCount | undefined,
  next: ThrottleCount,
): Promise<boolean> {
  const values = { failures: next.failures, last_failure_at: next.lastFailureAt };
  if (seen === undefined) {
    const result = await db
      .insertInto('sign_in_throttles')
      .values({ key, ...values })
      .onConflict((conflict) => conflict.column('key').doNothing())
      .executeTakeFirst();
    return result.numInsertedOrUpdatedRows === 1n;
  }
  const result = await db
    .updateTable('sign_in_throttles')
    .set(values)
    .where('key', '=', key)
    .where('failures', '=', seen.failures)
    .where('last_failure_at', '=', seen.lastFailureAt)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function deleteThrottle(db: Db, key: string): Promise<void> {
  await db.deleteFrom('sign_in_throttles').where('key', '=', key).execute();
}

/** One failure fewer for the key, never below none. */
export async function decrementThrottle(db: Db, key: string): Promise<void> {
  await db
    .updateTable('sign_in_throttles')
    .set((eb) => ({ failures: eb('failures', '-', 1) }))
    .where('key', '=', key)
    .where('failures', '>', 0)
    .execute();
}

export async function deleteThrottlesBefore(db: Db, before: string): Promise<void> {
  await db.deleteFrom('sign_in_throttles').where('last_failure_at', '<', before).execute();
}
