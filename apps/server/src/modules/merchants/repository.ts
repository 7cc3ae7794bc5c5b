import { sql } from 'kysely';
import type { Kysely, Transaction } from 'kysely';
import type { Brand } from '@portal/contracts/brands';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

export interface MerchantFilter {
  brand: Brand;
  /** Only this merchant (a merchant user sees its own and no other). */
  merchantId?: string;
  /** Part of the name, any case. */
  search?: string;
}

/** `%`, `_` and the escape character itself match literally in a search. */
function likePattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

function filtered(db: Db, filter: MerchantFilter) {
  let query = db
    .selectFrom('merchants')
    .innerJoin('tenants', 'tenants.id', 'merchants.tenant_id')
    .where('tenants.brand', '=', filter.brand);
  if (filter.merchantId !== undefined) query = query.where('merchants.id', '=', filter.merchantId);
  if (filter.search !== undefined && filter.search !== '') {
    // lower() on both sides, the same on both dialects (SQLite's LIKE and PostgreSQL's differ on case).
    query = query.where(
      sql<boolean>`lower(${sql.ref('merchants.name')}) like ${likePattern(filter.search)} escape '\\'`,
    );
  }
  return query;
}

/** A page of merchants by name, with the total that match. */
export async function listMerchants(db: Db, filter: MerchantFilter, page: { limit: number; offset: number }) {
  const rows = await filtered(db, filter)
    .select(['merchants.id', 'merchants.name', 'merchants.legal_name'])
    .orderBy('merchants.name')
    .orderBy('merchants.id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const { total } = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return { rows, total };
}

/** The merchant with its tenant's brand, or undefined. */
export async function findMerchant(db: Db, merchantId: string) {
  return db
    .selectFrom('merchants')
    .innerJoin('tenants', 'tenants.id', 'merchants.tenant_id')
    .where('merchants.id', '=', merchantId)
    .select([
      'merchants.id',
      'merchants.tenant_id',
      'merchants.name',
      'merchants.legal_name',
      'merchants.time_zone',
      'merchants.currency',
      'merchants.language',
      'tenants.brand',
    ])
    .executeTakeFirst();
}
