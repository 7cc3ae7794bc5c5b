import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

export async function listValues(db: Db, programId: string, merchantId: string) {
  return db
    .selectFrom('merchant_values')
    .where('program_id', '=', programId)
    .where('merchant_id', '=', merchantId)
    .select(['value_key', 'value'])
    .orderBy('value_key')
    .execute();
}

export async function upsertValue(
  db: Db,
  row: { programId: string; merchantId: string; key: string; value: string; at: string },
) {
  await db
    .insertInto('merchant_values')
    .values({
      id: randomUUID(),
      program_id: row.programId,
      merchant_id: row.merchantId,
      value_key: row.key,
      value: row.value,
      updated_at: row.at,
    })
    .onConflict((oc) =>
      oc
        .columns(['program_id', 'merchant_id', 'value_key'])
        .doUpdateSet({ value: row.value, updated_at: row.at }),
    )
    .execute();
}

export async function deleteValue(db: Db, programId: string, merchantId: string, key: string) {
  await db
    .deleteFrom('merchant_values')
    .where('program_id', '=', programId)
    .where('merchant_id', '=', merchantId)
    .where('value_key', '=', key)
    .execute();
}
