import { sql, type Kysely } from 'kysely';
import { dialectOf, timestampType } from '../migration-helpers.js';

/**
 * The locations page (PRODUCT.md, "Locations"): when a location was deactivated (its history stays;
 * it can be made active again), and an index for a location's figures of the month, which count its
 * transactions by creation time. Locations already INACTIVE take their last change as the moment.
 * Frozen once landed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('locations')
    .addColumn('deactivated_at', timestampType(dialectOf(db)))
    .execute();
  await sql`update locations set deactivated_at = updated_at where status = 'INACTIVE'`.execute(db);
  await db.schema
    .createIndex('transactions_location_created_idx')
    .on('transactions')
    .columns(['location_id', 'created_at'])
    .execute();
}
