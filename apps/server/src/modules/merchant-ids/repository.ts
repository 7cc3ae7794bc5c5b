import type { Insertable, Kysely, Transaction } from 'kysely';
import type { AcquirerMerchantIdsTable, Database, VirtualCardsTable } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

function merchantIds(db: Db) {
  return db
    .selectFrom('acquirer_merchant_ids as m')
    .innerJoin('locations as l', 'l.id', 'm.location_id')
    .select([
      'm.id',
      'm.merchant_id',
      'm.location_id',
      'l.name as location_name',
      'm.acquirer_merchant_id',
      'm.status',
      'm.failure',
      'm.created_at',
      'm.created_by_email',
      'm.validated_at',
      'm.validated_by_email',
    ]);
}

export type MerchantIdRow = Awaited<ReturnType<typeof listMerchantIds>>[number];

/** The merchant's ids, newest first. */
export async function listMerchantIds(db: Db, merchantId: string) {
  return merchantIds(db)
    .where('m.merchant_id', '=', merchantId)
    .orderBy('m.created_at', 'desc')
    .orderBy('m.id')
    .execute();
}

export async function findMerchantId(db: Db, merchantId: string, id: string) {
  return merchantIds(db).where('m.merchant_id', '=', merchantId).where('m.id', '=', id).executeTakeFirst();
}

export async function findByValue(db: Db, merchantId: string, value: string) {
  return db
    .selectFrom('acquirer_merchant_ids')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('acquirer_merchant_id', '=', value)
    .executeTakeFirst();
}

/** Whether another merchant registered the same id earlier than `before`. */
export async function registeredElsewhereFirst(db: Db, merchantId: string, value: string, before: string) {
  const row = await db
    .selectFrom('acquirer_merchant_ids')
    .select('id')
    .where('merchant_id', '!=', merchantId)
    .where('acquirer_merchant_id', '=', value)
    .where('created_at', '<', before)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertMerchantId(db: Db, row: Insertable<AcquirerMerchantIdsTable>): Promise<void> {
  await db.insertInto('acquirer_merchant_ids').values(row).execute();
}

export async function recordValidation(
  db: Db,
  id: string,
  outcome: Pick<AcquirerMerchantIdsTable, 'status' | 'failure' | 'validated_at' | 'validated_by_email'>,
): Promise<void> {
  await db.updateTable('acquirer_merchant_ids').set(outcome).where('id', '=', id).execute();
}

/** Whether the merchant has at least one VALIDATED id. */
export async function hasValidatedId(db: Db, merchantId: string): Promise<boolean> {
  const row = await db
    .selectFrom('acquirer_merchant_ids')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('status', '=', 'VALIDATED')
    .executeTakeFirst();
  return row !== undefined;
}

export async function findLocationOf(db: Db, merchantId: string, locationId: string) {
  return db
    .selectFrom('locations')
    .select(['id', 'name'])
    .where('merchant_id', '=', merchantId)
    .where('id', '=', locationId)
    .executeTakeFirst();
}

export async function findVirtualCard(db: Db, merchantId: string) {
  return db.selectFrom('virtual_cards').selectAll().where('merchant_id', '=', merchantId).executeTakeFirst();
}

export async function insertVirtualCard(db: Db, row: Insertable<VirtualCardsTable>): Promise<void> {
  await db.insertInto('virtual_cards').values(row).execute();
}
