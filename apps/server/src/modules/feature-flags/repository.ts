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
