import type { Insertable, Kysely, Selectable } from 'kysely';
import type {
  CheckoutDesignsTable,
  CheckoutDesignVersionsTable,
  CheckoutLogosTable,
  Database,
} from '../../db/schema.js';

type Db = Kysely<Database>;

export type LogoRow = Selectable<CheckoutLogosTable>;
export type DraftRow = Selectable<CheckoutDesignsTable>;
export type VersionRow = Selectable<CheckoutDesignVersionsTable>;
/** The design's own columns, as a draft and a version share them. */
export type DesignColumns = Omit<DraftRow, 'merchant_id' | 'updated_at' | 'updated_by'>;

export async function insertLogo(db: Db, row: Insertable<CheckoutLogosTable>): Promise<void> {
  await db.insertInto('checkout_logos').values(row).execute();
}

/** A logo of this merchant: another merchant's id finds nothing. */
export async function findLogo(db: Db, merchantId: string, id: string): Promise<LogoRow | undefined> {
  return db
    .selectFrom('checkout_logos')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findDraft(db: Db, merchantId: string): Promise<DraftRow | undefined> {
  return db
    .selectFrom('checkout_designs')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
}

/** Writes the merchant's one draft, the first save inserting it. */
export async function upsertDraft(db: Db, merchantId: string, draft: Omit<DraftRow, 'merchant_id'>) {
  await db
    .insertInto('checkout_designs')
    .values({ merchant_id: merchantId, ...draft })
    .onConflict((conflict) => conflict.column('merchant_id').doUpdateSet(draft))
    .execute();
}

/** The newest published versions first. */
export async function listVersions(db: Db, merchantId: string, limit: number): Promise<VersionRow[]> {
  return db
    .selectFrom('checkout_design_versions')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .orderBy('version', 'desc')
    .limit(limit)
    .execute();
}

export async function findVersion(
  db: Db,
  merchantId: string,
  version: number,
): Promise<VersionRow | undefined> {
  return db
    .selectFrom('checkout_design_versions')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('version', '=', version)
    .executeTakeFirst();
}

export async function insertVersion(db: Db, row: VersionRow): Promise<void> {
  await db.insertInto('checkout_design_versions').values(row).execute();
}
