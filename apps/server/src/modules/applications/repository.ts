import { sql, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Currency } from '@portal/contracts/money';
import type { ApplicationsTable, Database, TargetingExportsTable } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

export async function insertApplication(db: Db, row: Insertable<ApplicationsTable>): Promise<void> {
  await db.insertInto('applications').values(row).execute();
}

/** What the targeting export selects, with the window as instants (ISO text). */
export interface ShopperSelection {
  merchantId: string;
  /** The window's first instant, and the first instant after it. */
  start: string;
  end: string;
  /** Undefined: every program. */
  programIds: readonly string[] | undefined;
  hasFinancing: boolean | undefined;
  /** True: the latest checkout was started (and left); false: none was started. */
  checkoutStarted: boolean | undefined;
}

/** One shopper of the selection: the group of their applications in the window, and their latest one. */
export interface ShopperRow {
  customer_email: string;
  customer_name: string;
  latest_prequalified_at: string | null;
  has_financing: number;
  checkouts: number;
  latest_checkout_started_at: string | null;
  cart_amount: number | null;
  currency: Currency;
  /** Every shopper of the selection, on each row (the count before the limit). */
  total: number;
}

/**
 * The shoppers who prequalified or applied in the window and have completed no checkout with the
 * merchant since the window began, one row per e-mail (stored lower-cased), newest prequalification
 * first. Their latest application in the window (by creation) gives the name, the checkout status and
 * the cart. Only the window's applications are read: those prequalified in it, then those applied in it
 * and not prequalified in it, each through its own index (docs/decisions/0019); one sort by shopper
 * then gives each application its shopper's figures beside its rank, and the latest is kept. Whether
 * a shopper completed a checkout is one look into the e-mail's completed-checkout index.
 */
function shoppers(db: Db, selection: ShopperSelection) {
  const { merchantId, start, end, programIds } = selection;
  const inWindow = (column: 'prequalified_at' | 'applied_at') =>
    db
      .selectFrom('applications')
      .where('merchant_id', '=', merchantId)
      .where(column, '>=', start)
      .where(column, '<', end)
      .$if(programIds !== undefined, (inner) => inner.where('program_id', 'in', programIds ?? []));
  const columns = [
    'customer_email',
    'customer_name',
    'decision',
    'prequalified_at',
    'checkout_started_at',
    'cart_amount',
    'currency',
    'created_at',
    'id',
  ] as const;
  let query = db
    // Materialized: otherwise SQLite pushes the shopper ordering below into the union and reads the
    // merchant's every application in e-mail order instead of the window's through their indexes.
    .with(
      (cte) => cte('windowed').materialized(),
      () =>
        inWindow('prequalified_at')
          .select(columns)
          .unionAll(
            inWindow('applied_at')
              .select(columns)
              // Opaque to the planners on purpose, so that this half is read through applied_at.
              .where(
                sql`case when prequalified_at >= ${start} and prequalified_at < ${end} then 1 else 0 end`,
                '=',
                0,
              ),
          ),
    )
    .with('ranked', (qb) =>
      qb
        .selectFrom('windowed')
        .select([
          'customer_email',
          'customer_name',
          'checkout_started_at',
          'cart_amount',
          'currency',
          sql<number>`row_number() over (partition by customer_email order by created_at desc, id desc)`.as(
            'recency',
          ),
        ]),
    )
    .with('shoppers', (qb) =>
      qb
        .selectFrom('windowed')
        .select([
          'customer_email',
          sql<string | null>`max(prequalified_at)`.as('latest_prequalified_at'),
          sql<number>`max(case when decision = 'APPROVED' then 1 else 0 end)`.as('has_financing'),
          sql<number>`sum(case when checkout_started_at is null then 0 else 1 end)`.as('checkouts'),
        ])
        .groupBy('customer_email'),
    )
    .selectFrom('shoppers as s')
    .innerJoin('ranked as w', (join) =>
      join.onRef('w.customer_email', '=', 's.customer_email').on('w.recency', '=', 1),
    )
    .select([
      's.customer_email',
      'w.customer_name',
      's.latest_prequalified_at',
      's.has_financing',
      's.checkouts',
      'w.checkout_started_at as latest_checkout_started_at',
      'w.cart_amount',
      'w.currency',
      sql<number>`count(*) over ()`.as('total'),
    ])
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('applications as c')
            .select('c.checkout_completed_at')
            .where('c.merchant_id', '=', merchantId)
            .whereRef('c.customer_email', '=', 's.customer_email')
            .where('c.checkout_completed_at', '>=', start),
        ),
      ),
    );
  if (selection.hasFinancing !== undefined) {
    query = query.where('s.has_financing', '=', selection.hasFinancing ? 1 : 0);
  }
  if (selection.checkoutStarted !== undefined) {
    query = query.where('w.checkout_started_at', selection.checkoutStarted ? 'is not' : 'is', null);
  }
  // NULLs last on both databases (PostgreSQL sorts them first when descending).
  return query
    .orderBy(sql`s.latest_prequalified_at is null`)
    .orderBy('s.latest_prequalified_at', 'desc')
    .orderBy('s.customer_email');
}

export async function listShoppers(
  db: Db,
  selection: ShopperSelection,
  limit: number,
): Promise<ShopperRow[]> {
  return shoppers(db, selection).limit(limit).execute();
}

export function streamShoppers(
  db: Db,
  selection: ShopperSelection,
  chunkSize: number,
): AsyncIterableIterator<ShopperRow> {
  return shoppers(db, selection).stream(chunkSize);
}

export type TargetingExportRow = Selectable<TargetingExportsTable>;

export async function insertTargetingExport(db: Db, row: Insertable<TargetingExportsTable>): Promise<void> {
  await db.insertInto('targeting_exports').values(row).execute();
}

/** Which of a merchant's exports the history shows: instants as ISO text, the end excluded. */
export interface TargetingExportFilter {
  merchantId: string;
  userId: string | undefined;
  createdFrom: string | undefined;
  createdBefore: string | undefined;
}

function filteredExports(db: Db, filter: TargetingExportFilter) {
  return db
    .selectFrom('targeting_exports')
    .where('merchant_id', '=', filter.merchantId)
    .$if(filter.userId !== undefined, (query) => query.where('user_id', '=', filter.userId ?? ''))
    .$if(filter.createdFrom !== undefined, (query) =>
      query.where('created_at', '>=', filter.createdFrom ?? ''),
    )
    .$if(filter.createdBefore !== undefined, (query) =>
      query.where('created_at', '<', filter.createdBefore ?? ''),
    );
}

/** The order of the history: ties (same rows) newest first, then by id, so that pages never overlap. */
export interface TargetingExportOrder {
  sort: 'created_at' | 'row_count';
  order: 'asc' | 'desc';
}

function orderedExports(db: Db, filter: TargetingExportFilter, { sort, order }: TargetingExportOrder) {
  return filteredExports(db, filter)
    .selectAll()
    .orderBy(sort, order)
    .$if(sort !== 'created_at', (query) => query.orderBy('created_at', 'desc'))
    .orderBy('id', sort === 'created_at' ? order : 'desc');
}

export async function listTargetingExports(
  db: Db,
  filter: TargetingExportFilter,
  page: TargetingExportOrder & { limit: number; offset: number },
): Promise<TargetingExportRow[]> {
  return orderedExports(db, filter, page).limit(page.limit).offset(page.offset).execute();
}

/** Every export the filter selects, in the history's order, read from a cursor. */
export function streamTargetingExports(
  db: Db,
  filter: TargetingExportFilter,
  order: TargetingExportOrder,
  chunkSize: number,
): AsyncIterableIterator<TargetingExportRow> {
  return orderedExports(db, filter, order).stream(chunkSize);
}

/** The names of the programs the merchant takes part in, by id. */
export async function merchantProgramNames(db: Db, merchantId: string): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('merchant_program_participations as p')
    .innerJoin('programs', 'programs.id', 'p.program_id')
    .select(['programs.id', 'programs.name'])
    .where('p.merchant_id', '=', merchantId)
    .execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

export async function countTargetingExports(db: Db, filter: TargetingExportFilter): Promise<number> {
  const { count } = await filteredExports(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return count;
}

/** The users who took the merchant's exports, each with the e-mail of their latest one. */
export async function targetingExporters(
  db: Db,
  merchantId: string,
): Promise<{ userId: string; email: string }[]> {
  const rows = await db
    .selectFrom('targeting_exports')
    .select((eb) => ['user_id', eb.fn.max('user_email').as('email')])
    .where('merchant_id', '=', merchantId)
    .where('user_id', 'is not', null)
    .groupBy('user_id')
    .orderBy('email')
    .execute();
  return rows.flatMap((row) => (row.user_id === null ? [] : [{ userId: row.user_id, email: row.email }]));
}

/** One export of the merchant's; undefined for another merchant's, as for an unknown id. */
export async function findTargetingExport(
  db: Db,
  merchantId: string,
  id: string,
): Promise<TargetingExportRow | undefined> {
  return db
    .selectFrom('targeting_exports')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .executeTakeFirst();
}
