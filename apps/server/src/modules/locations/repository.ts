import {
  sql,
  type ExpressionBuilder,
  type Insertable,
  type Kysely,
  type Transaction,
  type Updateable,
} from 'kysely';
import type { LocationSort, LocationStatus } from '@portal/contracts/locations';
import type { SortOrder } from '@portal/contracts/transactions';
import { dialectOf } from '../../db/migration-helpers.js';
import type { Database, LocationsTable } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** A merchant's locations by name, for the transaction list's location filter. */
export async function listLocationOptions(db: Db, merchantId: string) {
  return db
    .selectFrom('locations')
    .select(['id', 'name', 'store_number', 'status'])
    .where('merchant_id', '=', merchantId)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** Names by id of the given locations of a merchant. */
export async function locationNames(
  db: Db,
  merchantId: string,
  ids?: readonly string[],
): Promise<Map<string, string>> {
  if (ids?.length === 0) return new Map();
  let query = db.selectFrom('locations').select(['id', 'name']).where('merchant_id', '=', merchantId);
  if (ids !== undefined) query = query.where('id', 'in', ids);
  const rows = await query.execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

export type LocationRow = LocationsTable;

export interface LocationFilter {
  readonly merchantId: string;
  /** Part of the name, the store number or the city; any case. */
  readonly search?: string | undefined;
  readonly statuses?: readonly LocationStatus[] | undefined;
}

export interface LocationOrder {
  readonly sort: LocationSort;
  readonly order: SortOrder;
}

/** Texts are sorted by their lower case, so both databases give the same order. */
const SORT_EXPRESSIONS = {
  name: sql`lower(name)`,
  storeNumber: sql`lower(store_number)`,
  city: sql`lower(city)`,
  status: sql`status`,
  createdAt: sql`created_at`,
} as const satisfies Record<LocationSort, unknown>;

function matches(eb: ExpressionBuilder<Database, 'locations'>, filter: LocationFilter) {
  const conditions = [eb('merchant_id', '=', filter.merchantId)];
  if (filter.statuses !== undefined && filter.statuses.length > 0) {
    conditions.push(eb('status', 'in', filter.statuses));
  }
  const search = filter.search?.trim().toLowerCase() ?? '';
  if (search !== '') {
    // `%`, `_` and the escape character match literally; lower() on both sides, as both dialects agree.
    const pattern = `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    conditions.push(
      eb.or(
        (['name', 'store_number', 'city'] as const).map(
          (column) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`,
        ),
      ),
    );
  }
  return eb.and(conditions);
}

/** One page of the filtered locations, in the chosen order (then by id, so pages never overlap). */
export async function listLocations(
  db: Db,
  filter: LocationFilter,
  { sort, order }: LocationOrder,
  page: { readonly limit: number; readonly offset: number },
): Promise<LocationRow[]> {
  return db
    .selectFrom('locations')
    .selectAll()
    .where((eb) => matches(eb, filter))
    .orderBy(SORT_EXPRESSIONS[sort], order)
    .orderBy('id', order)
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countLocations(db: Db, filter: LocationFilter): Promise<number> {
  const row = await db
    .selectFrom('locations')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where((eb) => matches(eb, filter))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The merchant's location; undefined for an unknown id or another merchant's location. */
export async function findLocation(
  db: Db,
  merchantId: string,
  id: string,
  forUpdate = false,
): Promise<LocationRow | undefined> {
  return (
    db
      .selectFrom('locations')
      .selectAll()
      .where('id', '=', id)
      .where('merchant_id', '=', merchantId)
      // SQLite has no row locks: its writers take turns anyway.
      .$if(forUpdate && dialectOf(db) === 'postgres', (query) => query.forUpdate())
      .executeTakeFirst()
  );
}

/** Another location of the merchant with this store number, if any. */
export async function findStoreNumber(
  db: Db,
  merchantId: string,
  storeNumber: string,
): Promise<{ id: string } | undefined> {
  return db
    .selectFrom('locations')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('store_number', '=', storeNumber)
    .executeTakeFirst();
}

export async function insertLocation(db: Db, row: Insertable<LocationsTable>): Promise<void> {
  await db.insertInto('locations').values(row).execute();
}

export async function updateLocationRow(
  db: Db,
  merchantId: string,
  id: string,
  changes: Updateable<LocationsTable>,
): Promise<void> {
  await db
    .updateTable('locations')
    .set(changes)
    .where('id', '=', id)
    .where('merchant_id', '=', merchantId)
    .execute();
}

/** Count and settled sum of the location's transactions created in `[from, before)` (ISO instants). */
export async function locationTransactionSums(
  db: Db,
  merchantId: string,
  locationId: string,
  from: string,
  before: string,
): Promise<{ count: number; settled: number }> {
  const row = await db
    .selectFrom('transactions')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('count'),
      eb.fn.coalesce(eb.fn.sum<number | string>('settled'), sql<number>`0`).as('settled'),
    ])
    .where('merchant_id', '=', merchantId)
    .where('location_id', '=', locationId)
    .where('created_at', '>=', from)
    .where('created_at', '<', before)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), settled: Number(row.settled) };
}
