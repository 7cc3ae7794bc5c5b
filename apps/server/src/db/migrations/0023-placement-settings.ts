import type { Kysely } from 'kysely';
import { dialectOf, timestampType } from '../migration-helpers.js';

/**
 * A merchant's on-site messaging (issue 14, "Placement design"): one row per merchant once it saves,
 * the four page types as one JSON document, validated by the contracts' schema on the way in and out,
 * since they are only ever read and written together. Frozen once landed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const timestamp = timestampType(dialectOf(db));
  await db.schema
    .createTable('placement_settings')
    .addColumn('merchant_id', 'text', (c) => c.primaryKey().references('merchants.id').onDelete('cascade'))
    .addColumn('placements', 'text', (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();
}
