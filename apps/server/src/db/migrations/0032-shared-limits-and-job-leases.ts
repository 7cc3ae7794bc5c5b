import type { Kysely } from 'kysely';
import { dialectOf, timestampType } from '../migration-helpers.js';

/**
 * What several server instances on one database must count and decide together
 * (docs/decisions/0017-several-instances.md):
 * - `rate_limit_counters`: the requests of one client on one rate-limited route in the current window,
 *   so that a limit holds across instances instead of being multiplied by their number.
 * - `job_leases`: when each periodic job (settlement summaries, expiry warnings, notices) may run next,
 *   so that one instance runs it per period instead of every instance.
 * Frozen once landed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(dialectOf(db));

  await db.schema
    .createTable('rate_limit_counters')
    // The route and the client's address (or a hash of what else identifies the caller).
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('window_ends_at', ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('rate_limit_counters_window_ends_at_idx')
    .on('rate_limit_counters')
    .column('window_ends_at')
    .execute();

  await db.schema
    .createTable('job_leases')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('next_run_at', ts, (c) => c.notNull())
    .execute();
}
