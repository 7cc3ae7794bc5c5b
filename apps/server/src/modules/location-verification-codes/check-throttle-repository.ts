import type { Kysely } from 'kysely';
import type { Database, VerificationCheckThrottlesTable } from '../../db/schema.js';

type Window = VerificationCheckThrottlesTable['window'];

/**
 * Takes one attempt of the location's window when it has one left: true when taken. Each statement is
 * atomic on its own, so instances checking the same location at once never take more than the limit:
 * a window that has passed starts again, the row is made once, and the increment holds only while the
 * count is under the limit (PostgreSQL re-reads the row after a concurrent update).
 */
export async function takeAttempt(
  db: Kysely<Database>,
  locationId: string,
  window: Window,
  limit: number,
  startedAfter: string,
  now: string,
): Promise<boolean> {
  await db
    .updateTable('verification_check_throttles')
    .set({ attempts: 0, window_started_at: now })
    .where('location_id', '=', locationId)
    .where('window', '=', window)
    .where('window_started_at', '<=', startedAfter)
    .execute();
  await db
    .insertInto('verification_check_throttles')
    .values({ location_id: locationId, window, attempts: 0, window_started_at: now })
    .onConflict((conflict) => conflict.columns(['location_id', 'window']).doNothing())
    .execute();
  const result = await db
    .updateTable('verification_check_throttles')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('location_id', '=', locationId)
    .where('window', '=', window)
    .where('attempts', '<', limit)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** When the location's window started, to say how long a lock lasts. */
export async function windowStart(db: Kysely<Database>, locationId: string, window: Window) {
  const row = await db
    .selectFrom('verification_check_throttles')
    .select('window_started_at')
    .where('location_id', '=', locationId)
    .where('window', '=', window)
    .executeTakeFirst();
  return row?.window_started_at;
}

/** A correct code clears the location's counts: the store is who it says. */
export async function clearAttempts(db: Kysely<Database>, locationId: string): Promise<void> {
  await db.deleteFrom('verification_check_throttles').where('location_id', '=', locationId).execute();
}
