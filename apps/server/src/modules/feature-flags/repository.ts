import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

export async function findFlag(db: Db, tenantId: string, name: string) {
  return db
    .selectFrom('feature_flags')
    .where('tenant_id', '=', tenantId)
    .where('name', '=', name)
    .select(['id', 'name', 'value', 'archived_at'])
    .executeTakeFirst();
}

/** The tenant's flags of one tag that are still in use, by name. */
export async function listLiveFlagsByTag(db: Db, tenantId: string, tag: string) {
  return db
    .selectFrom('feature_flags')
    .where('tenant_id', '=', tenantId)
    .where('tag', '=', tag)
    .where('archived_at', 'is', null)
    .select(['id', 'name', 'value', 'archived_at'])
    .orderBy('name')
    .execute();
}

/** The merchant's own values of these flags, by flag id. */
export async function findOverrides(db: Db, merchantId: string, flagIds: readonly string[]) {
  if (flagIds.length === 0) return new Map<string, string>();
  const rows = await db
    .selectFrom('feature_flag_overrides')
    .where('merchant_id', '=', merchantId)
    .where('flag_id', 'in', flagIds)
    .select(['flag_id', 'value'])
    .execute();
  return new Map(rows.map((row) => [row.flag_id, row.value]));
}

/** Every flag of the tenant still in use, whatever its tag, by tag then name. */
export async function listLiveFlags(db: Db, tenantId: string) {
  return db
    .selectFrom('feature_flags')
    .where('tenant_id', '=', tenantId)
    .where('archived_at', 'is', null)
    .select(['id', 'name', 'tag', 'value'])
    .orderBy('tag')
    .orderBy('name')
    .execute();
}

export async function upsertOverride(
  db: Db,
  row: { flagId: string; merchantId: string; value: string; at: string },
) {
  await db
    .insertInto('feature_flag_overrides')
    .values({
      id: randomUUID(),
      flag_id: row.flagId,
      merchant_id: row.merchantId,
      value: row.value,
      created_at: row.at,
      updated_at: row.at,
    })
    .onConflict((oc) =>
      oc.columns(['flag_id', 'merchant_id']).doUpdateSet({ value: row.value, updated_at: row.at }),
    )
    .execute();
}

export async function deleteOverride(db: Db, flagId: string, merchantId: string) {
  await db
    .deleteFrom('feature_flag_overrides')
    .where('flag_id', '=', flagId)
    .where('merchant_id', '=', merchantId)
    .execute();
}
