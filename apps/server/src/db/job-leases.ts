import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/**
 * Takes the job's next run if it is due at `now`, and moves it to `nextRunAt`, in one statement: of
 * instances asking at once, one gets true. A job never run before is due.
 */
export async function claimJobRun(
  db: Kysely<Database>,
  name: string,
  now: Date,
  nextRunAt: Date,
): Promise<boolean> {
  const next = nextRunAt.toISOString();
  const result = await db
    .insertInto('job_leases')
    .values({ name, next_run_at: next })
    .onConflict((conflict) =>
      conflict
        .column('name')
        .doUpdateSet({ next_run_at: next })
        .where('job_leases.next_run_at', '<=', now.toISOString()),
    )
    .executeTakeFirst();
  return result.numInsertedOrUpdatedRows === 1n;
}
