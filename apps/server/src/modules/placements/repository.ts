import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

export async function findPlacementSettings(db: Db, merchantId: string) {
  return db
    .selectFrom('placement_settings')
    .where('merchant_id', '=', merchantId)
    .select(['placements', 'updated_at'])
    .executeTakeFirst();
}

export async function savePlacementSettings(
  db: Db,
  row: { merchant_id: string; placements: string; updated_at: string },
): Promise<void> {
  await db
    .insertInto('placement_settings')
    .values(row)
    .onConflict((conflict) =>
      conflict.column('merchant_id').doUpdateSet({ placements: row.placements, updated_at: row.updated_at }),
    )
    .execute();
}
