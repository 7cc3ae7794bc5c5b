import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { AccessKeysTable, Database } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;
export type AccessKeyRow = Selectable<AccessKeysTable>;

export async function insertAccessKey(db: Db, row: Insertable<AccessKeysTable>): Promise<void> {
  await db.insertInto('access_keys').values(row).execute();
}

/** The merchant's keys, newest first. */
export async function listMerchantKeys(db: Db, merchantId: string): Promise<AccessKeyRow[]> {
  return db
    .selectFrom('access_keys')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

/** A key of this merchant: another merchant's key is as unknown as a missing one. */
export async function findMerchantKey(
  db: Db,
  merchantId: string,
  id: string,
): Promise<AccessKeyRow | undefined> {
  return db
    .selectFrom('access_keys')
    .selectAll()
    .where('id', '=', id)
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
}

/** A key by its id alone: the merchant API's authentication, one read by primary key per request. */
export async function findKey(db: Db, id: string): Promise<AccessKeyRow | undefined> {
  return db.selectFrom('access_keys').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Replaces the secret of a key that is not revoked; false when it was revoked meanwhile. */
export async function replaceSecret(
  db: Db,
  id: string,
  change: Pick<AccessKeysTable, 'secret_hash' | 'previous_secret_hash' | 'previous_secret_valid_until'> & {
    rotated_at: string;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('access_keys')
    .set(change)
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Revokes a key once: the first revocation's time stays. */
export async function markRevoked(db: Db, id: string, at: string): Promise<void> {
  await db
    .updateTable('access_keys')
    .set({ revoked_at: at })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Records a use unless one was recorded after `staleBefore`: the condition keeps it to one write per
 * key per interval, whichever instance serves the calls.
 */
export async function recordUse(
  db: Db,
  id: string,
  use: { at: string; address: string; staleBefore: string },
): Promise<void> {
  await db
    .updateTable('access_keys')
    .set({ last_used_at: use.at, last_used_address: use.address })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', use.staleBefore)]))
    .execute();
}

/** Keys that expire between `from` and `until`, not revoked, whose warning was not queued yet. */
export async function keysToWarn(db: Db, from: string, until: string): Promise<AccessKeyRow[]> {
  return db
    .selectFrom('access_keys')
    .selectAll()
    .where('expires_at', '>', from)
    .where('expires_at', '<=', until)
    .where('revoked_at', 'is', null)
    .where('expiry_warned_at', 'is', null)
    .orderBy('expires_at')
    .execute();
}

/** Claims a key's expiry warning; false when another run (or instance) claimed it first. */
export async function claimExpiryWarning(db: Db, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('access_keys')
    .set({ expiry_warned_at: at })
    .where('id', '=', id)
    .where('expiry_warned_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
