import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database, LocationVerificationCodesTable } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

const CODE_COLUMNS = [
  'c.id',
  'c.location_id',
  'c.status',
  'c.expires_at',
  'c.created_at',
  'c.created_by_email',
  'c.ended_at',
] as const;

/** The merchant's locations by name; only the columns this page shows. */
export async function listMerchantLocations(db: Db, merchantId: string) {
  return db
    .selectFrom('locations')
    .select(['id', 'name', 'store_number', 'status'])
    .where('merchant_id', '=', merchantId)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export async function findMerchantLocation(db: Db, merchantId: string, locationId: string) {
  return db
    .selectFrom('locations')
    .select(['id', 'name', 'store_number', 'status'])
    .where('merchant_id', '=', merchantId)
    .where('id', '=', locationId)
    .executeTakeFirst();
}

/** The merchant a location belongs to, for the public check (which has no token). */
export async function findLocationMerchant(db: Db, locationId: string) {
  return db
    .selectFrom('locations')
    .select(['id', 'merchant_id'])
    .where('id', '=', locationId)
    .executeTakeFirst();
}

/** The latest code of each of the merchant's locations (or of one), without its hash. */
export async function latestCodes(db: Db, merchantId: string, locationId?: string) {
  let query = db
    .selectFrom('location_verification_codes as c')
    .where('c.merchant_id', '=', merchantId)
    .where((eb) =>
      eb(
        'c.created_at',
        '=',
        eb
          .selectFrom('location_verification_codes as l')
          .select((inner) => inner.fn.max('l.created_at').as('latest'))
          .whereRef('l.location_id', '=', 'c.location_id'),
      ),
    );
  if (locationId !== undefined) query = query.where('c.location_id', '=', locationId);
  return query.select(CODE_COLUMNS).execute();
}

/** Marks the merchant's ACTIVE codes past their expiry EXPIRED, so that they hold no unique slot. */
export async function markExpired(trx: Db, merchantId: string, now: string): Promise<void> {
  await trx
    .updateTable('location_verification_codes')
    .set((eb) => ({ status: 'EXPIRED', ended_at: eb.ref('expires_at') }))
    .where('merchant_id', '=', merchantId)
    .where('status', '=', 'ACTIVE')
    .where('expires_at', '<=', now)
    .execute();
}

/** Ends the location's ACTIVE code, if any; the ended row's id and expiry. */
export async function endActiveCode(
  trx: Db,
  locationId: string,
  status: 'REPLACED' | 'REVOKED',
  now: string,
) {
  const active = await trx
    .selectFrom('location_verification_codes')
    .select(['id', 'expires_at'])
    .where('location_id', '=', locationId)
    .where('status', '=', 'ACTIVE')
    .executeTakeFirst();
  if (active === undefined) return undefined;
  await trx
    .updateTable('location_verification_codes')
    .set({ status, ended_at: now })
    .where('id', '=', active.id)
    .where('status', '=', 'ACTIVE')
    .execute();
  return active;
}

/** Whether one of the merchant's ACTIVE codes has this hash. */
export async function activeCodeTaken(trx: Db, merchantId: string, codeHash: string): Promise<boolean> {
  const row = await trx
    .selectFrom('location_verification_codes')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('code_hash', '=', codeHash)
    .where('status', '=', 'ACTIVE')
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertCode(trx: Db, row: Insertable<LocationVerificationCodesTable>): Promise<void> {
  await trx.insertInto('location_verification_codes').values(row).execute();
}

/** Whether the location's ACTIVE, unexpired code has this hash. */
export async function matchesActiveCode(
  db: Db,
  locationId: string,
  codeHash: string,
  now: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('location_verification_codes')
    .select('id')
    .where('location_id', '=', locationId)
    .where('status', '=', 'ACTIVE')
    .where('code_hash', '=', codeHash)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row !== undefined;
}
