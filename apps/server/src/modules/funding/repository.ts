import type { Kysely, Transaction, Updateable } from 'kysely';
import type { Database, FundingConfigurationsTable } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

export async function findMerchantConfiguration(db: Db, merchantId: string) {
  return db
    .selectFrom('funding_configurations')
    .where('merchant_id', '=', merchantId)
    .selectAll()
    .executeTakeFirst();
}

export async function findConfiguration(db: Db, merchantId: string, configurationId: string) {
  return db
    .selectFrom('funding_configurations')
    .where('id', '=', configurationId)
    .where('merchant_id', '=', merchantId)
    .selectAll()
    .executeTakeFirst();
}

export async function updateConfiguration(
  db: Db,
  configurationId: string,
  changes: Updateable<FundingConfigurationsTable>,
) {
  await db.updateTable('funding_configurations').set(changes).where('id', '=', configurationId).execute();
}
