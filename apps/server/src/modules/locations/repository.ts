import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** A merchant's locations by name, for the transaction list's location filter. */
export async function listLocationOptions(db: Db, merchantId: string) {
  return db
    .selectFrom('locations')
    .select(['id', 'name', 'store_number', 'status'])
    .where('merchant_id', '=', merchantId)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** Names by id of the given locations of a merchant. */
export async function locationNames(
  db: Db,
  merchantId: string,
  ids?: readonly string[],
): Promise<Map<string, string>> {
  if (ids?.length === 0) return new Map();
  let query = db.selectFrom('locations').select(['id', 'name']).where('merchant_id', '=', merchantId);
  if (ids !== undefined) query = query.where('id', 'in', ids);
  const rows = await query.execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}
