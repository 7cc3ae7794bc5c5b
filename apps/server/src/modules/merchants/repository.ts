import { sql } from 'kysely';
import type { Kysely, Transaction, Updateable } from 'kysely';
import type { Brand } from '@portal/contracts/brands';
import { dialectOf } from '../../db/migration-helpers.js';
import { preparedQuery } from '../../db/prepared-query.js';
import type { Database, MerchantsTable } from '../../db/schema.js';

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

/**
 * The merchant of `merchantId` with its tenant's brand, for a read to add its columns to. The brand is
 * a scalar subquery rather than a join, which SQLite planned again at every call (docs/decisions/0024).
 */
export function selectMerchantWithBrand(db: Db, merchantId: string) {
  return db
    .selectFrom('merchants')
    .where('merchants.id', '=', merchantId)
    .select((eb) =>
      // Every merchant belongs to a tenant (a non-null key).
      eb
        .selectFrom('tenants')
        .select('tenants.brand')
        .whereRef('tenants.id', '=', 'merchants.tenant_id')
        .$asScalar()
        .$notNull()
        .as('brand'),
    );
}

/**
 * The merchant with its tenant's brand, read by most of a merchant's calls: compiled once
 * (db/prepared-query.ts).
 */
const merchantWithTenantBrand = preparedQuery((db, args: { merchantId: string }) =>
  selectMerchantWithBrand(db, args.merchantId).select([
    'merchants.id',
    'merchants.tenant_id',
    'merchants.name',
    'merchants.legal_name',
    'merchants.time_zone',
    'merchants.currency',
    'merchants.language',
  ]),
);

/** The merchant with its tenant's brand, or undefined. */
export async function findMerchant(db: Db, merchantId: string) {
  const rows = await merchantWithTenantBrand(db, { merchantId });
  return rows[0];
}

const SETTINGS_COLUMNS = [
  'merchants.name',
  'merchants.legal_name',
  'merchants.contact_email',
  'merchants.contact_phone',
  'merchants.address_line1',
  'merchants.address_line2',
  'merchants.city',
  'merchants.region',
  'merchants.postal_code',
  'merchants.country',
  'merchants.website',
  'merchants.time_zone',
  'merchants.language',
  'tenants.brand',
] as const;

/**
 * The merchant's General settings with its brand, or undefined. In a PostgreSQL transaction the row is
 * held until it ends, so that two saves at once each record the values the other left as "before".
 */
export async function findMerchantSettings(db: Db, merchantId: string, { lock = false } = {}) {
  return db
    .selectFrom('merchants')
    .innerJoin('tenants', 'tenants.id', 'merchants.tenant_id')
    .where('merchants.id', '=', merchantId)
    .select(SETTINGS_COLUMNS)
    .$if(lock && dialectOf(db) === 'postgres', (query) => query.forUpdate('merchants'))
    .executeTakeFirst();
}

export type MerchantSettingsRow = NonNullable<Awaited<ReturnType<typeof findMerchantSettings>>>;

export async function updateMerchantSettingsRow(
  db: Db,
  merchantId: string,
  values: Omit<Updateable<MerchantsTable>, 'id' | 'tenant_id' | 'country' | 'currency' | 'created_at'>,
): Promise<void> {
  await db.updateTable('merchants').set(values).where('id', '=', merchantId).execute();
}
