import type { Insertable, Kysely } from 'kysely';
import type { Database, SigningKeysTable } from '../db/schema.js';

type Db = Kysely<Database>;

export async function listStoredKeys(db: Db) {
  return db.selectFrom('signing_keys').select(['kid', 'material']).execute();
}

/** Rewrites a key's material only while it is still `current`: of instances racing, one rewrites it. */
export async function replaceKeyMaterial(
  db: Db,
  kid: string,
  current: string,
  material: string,
): Promise<void> {
  await db
    .updateTable('signing_keys')
    .set({ material })
    .where('kid', '=', kid)
    .where('material', '=', current)
    .execute();
}

/** Writes a key unless one is active for its purpose already (the unique index keeps the first). */
export async function insertKeyOnce(db: Db, key: Insertable<SigningKeysTable>): Promise<void> {
  await db
    .insertInto('signing_keys')
    .values(key)
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}

export async function findActiveKey(db: Db, purpose: SigningKeysTable['purpose']) {
  return db
    .selectFrom('signing_keys')
    .select(['kid', 'purpose', 'material'])
    .where('purpose', '=', purpose)
    .where('retired_at', 'is', null)
    .executeTakeFirst();
}
