import { sql } from 'kysely';
import type {
  CompiledQuery,
  Expression,
  ExpressionBuilder,
  Insertable,
  Kysely,
  Selectable,
  SqlBool,
  Transaction,
} from 'kysely';
import type { Channel, ProductType } from '@portal/contracts/enums';
import type { TransactionSort, TransactionStatus } from '@portal/contracts/transactions';
import type {
  Database,
  FundingEventsTable,
  TransactionEventsTable,
  TransactionsTable,
} from '../../db/schema.js';
import { dialectOf, type Dialect } from '../../db/migration-helpers.js';
import { prefixEnd, searchKey } from '../../db/search-key.js';
import { compiledPageQuery } from './page-shapes.js';

type Db = Kysely<Database> | Transaction<Database>;

/** Every column but the search copies, which stay inside the database. */
const COLUMNS = [
  'id',
  'merchant_id',
  'program_id',
  'location_id',
  'external_id',
  'product_type',
  'channel',
  'from_cart',
  'currency',
  'total',
  'tax',
  'shipping',
  'discount',
  'settled',
  'refunded',
  'cancelled',
  'status',
  'customer_name',
  'customer_email',
  'customer_phone',
  'billing_address',
  'shipping_address',
  'authorized_at',
  'created_at',
  'updated_at',
] as const;

export type TransactionRow = Pick<Selectable<TransactionsTable>, (typeof COLUMNS)[number]>;

/** What an export writes: no addresses, which make up a third of a row and are not exported. */
export const EXPORT_COLUMNS = COLUMNS.filter(
  (
    column,
  ): column is Exclude<(typeof COLUMNS)[number], 'billing_address' | 'shipping_address' | 'authorized_at'> =>
    column !== 'billing_address' && column !== 'shipping_address' && column !== 'authorized_at',
);

/** What the list, the totals and the export filter on; every field but the merchant is optional. */
export interface TransactionFilter {
  merchantId: string;
  /** created_at at or after this instant (ISO). */
  createdFrom?: string | undefined;
  /** created_at before this instant (ISO). */
  createdBefore?: string | undefined;
  /** Statuses as shown: EXPIRED includes authorizations created at or before `expiryCutoff`. */
  statuses?: readonly TransactionStatus[] | undefined;
  expiryCutoff: string;
  programIds?: readonly string[] | undefined;
  locationId?: string | undefined;
  productType?: ProductType | undefined;
  channel?: Channel | undefined;
  /** Minor units, compared with the total. */
  minAmount?: number | undefined;
  maxAmount?: number | undefined;
  /** Normalized with `searchKey`. */
  search?: string | undefined;
}

/** The search copies of a transaction's order id, customer name (as given and surname first) and e-mail. */
export function searchColumns(externalId: string, customerName: string, customerEmail: string) {
  const name = searchKey(customerName);
  const words = name.split(' ');
  const surname = words.pop() ?? '';
  return {
    search_external_id: searchKey(externalId),
    search_name: name,
    search_name_reversed: words.length === 0 ? name : `${surname} ${words.join(' ')}`,
    search_email: searchKey(customerEmail),
  };
}

type SearchedColumn = 'id' | 'search_external_id' | 'search_name' | 'search_name_reversed' | 'search_email';
const SEARCHED_COLUMNS: readonly SearchedColumn[] = [
  'id',
  'search_external_id',
  'search_name',
  'search_name_reversed',
  'search_email',
];

const EXPIRABLE_STATUSES = ['PENDING', 'AUTHORIZED', 'EXPIRED'] as const;

/**
 * Statuses as shown, in terms an index can serve: a PENDING or AUTHORIZED row reads EXPIRED once it
 * was created at or before the cutoff, so those two depend on created_at.
 */
function statusMatches(
  eb: ExpressionBuilder<Database, 'transactions'>,
  statuses: readonly TransactionStatus[],
  cutoff: string,
): Expression<SqlBool> {
  const alternatives: Expression<SqlBool>[] = [];
  const plain = statuses.filter((status) => ['SETTLED', 'REFUNDED', 'CANCELLED'].includes(status));
  if (plain.length > 0) alternatives.push(eb('status', 'in', plain));
  const live = statuses.filter((status) => status === 'PENDING' || status === 'AUTHORIZED');
  if (live.length > 0) alternatives.push(eb.and([eb('status', 'in', live), eb('created_at', '>', cutoff)]));
  if (statuses.includes('EXPIRED')) {
    // A row stored as EXPIRED is an authorization past its lifetime too, so one range covers both; the
    // form without an OR lets both databases read it from the status index.
    alternatives.push(eb.and([eb('status', 'in', EXPIRABLE_STATUSES), eb('created_at', '<=', cutoff)]));
  }
  return eb.or(alternatives);
}

/**
 * SQLite only: conditions to check row by row while walking the sort order's index, instead of reading
 * their own index and sorting what it finds. SQLite picks the latter even when the condition matches
 * a large share of the rows (an amount range, a common surname), which costs a sort of all of them.
 */
export interface ScanHints {
  amount?: boolean;
  search?: boolean;
}

/** `+column`: the same value, which SQLite will not look up through an index. */
function unindexed(column: 'total' | SearchedColumn) {
  return sql<string | number>`+${sql.ref(column)}`;
}

function matches(
  eb: ExpressionBuilder<Database, 'transactions'>,
  dialect: Dialect,
  filter: TransactionFilter,
  hints: ScanHints = {},
  /** The merchant written in the text rather than bound: see pageQuery. */
  merchantInText = false,
): Expression<SqlBool> {
  const merchant = merchantInText ? sql.lit(filter.merchantId) : filter.merchantId;
  const conditions: Expression<SqlBool>[] = [eb('merchant_id', '=', merchant)];
  if (filter.createdFrom !== undefined) conditions.push(eb('created_at', '>=', filter.createdFrom));
  if (filter.createdBefore !== undefined) conditions.push(eb('created_at', '<', filter.createdBefore));
  if (filter.statuses !== undefined && filter.statuses.length > 0) {
    conditions.push(statusMatches(eb, filter.statuses, filter.expiryCutoff));
  }
  if (filter.programIds !== undefined && filter.programIds.length > 0) {
    conditions.push(eb('program_id', 'in', filter.programIds));
  }
  if (filter.locationId !== undefined) conditions.push(eb('location_id', '=', filter.locationId));
  if (filter.productType !== undefined) conditions.push(eb('product_type', '=', filter.productType));
  if (filter.channel !== undefined) conditions.push(eb('channel', '=', filter.channel));
  const total = hints.amount === true ? unindexed('total') : eb.ref('total');
  if (filter.minAmount !== undefined) conditions.push(eb(total, '>=', filter.minAmount));
  if (filter.maxAmount !== undefined) conditions.push(eb(total, '<=', filter.maxAmount));
  const search = filter.search;
  if (search !== undefined && search !== '') conditions.push(searchMatches(eb, dialect, search, hints));
  return eb.and(conditions);
}

/** Terms of fewer characters than a trigram have no trigram to look up: they match by prefix. */
const SUBSTRING_MIN_LENGTH = 3;

export function isSubstringTerm(term: string): boolean {
  return Array.from(term).length >= SUBSTRING_MIN_LENGTH;
}

/** The term as one FTS5 phrase: inside double quotes nothing is an operator but a doubled quote. */
function ftsPhrase(term: string): string {
  return `"${term.replaceAll('"', '""')}"`;
}

/** `%term%` for LIKE with `\` as its escape, so that `%`, `_` and `\` in the term are plain text. */
function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * The search (a term normalized with `searchKey`) on the transaction id, order id, customer name (as
 * given and surname first) and e-mail: anywhere in them from three characters, by prefix below that.
 */
function searchMatches(
  eb: ExpressionBuilder<Database, 'transactions'>,
  dialect: Dialect,
  search: string,
  hints: ScanHints,
): Expression<SqlBool> {
  if (!isSubstringTerm(search)) {
    // One prefix range per field, each served by its own index (an OR of index ranges on both databases).
    const end = prefixEnd(search);
    return eb.or(
      SEARCHED_COLUMNS.map((column) => {
        const value = hints.search === true ? unindexed(column) : eb.ref(column);
        return eb.and([eb(value, '>=', search), eb(value, '<', end)]);
      }),
    );
  }
  if (dialect === 'postgres') {
    // Each LIKE is answered from the trigram GIN index (migration 0031), then rechecked on the row.
    const pattern = containsPattern(search);
    return eb.or(
      SEARCHED_COLUMNS.map((column) => sql<SqlBool>`${sql.ref(column)} like ${pattern} escape '\\'`),
    );
  }
  if (hints.search === true) {
    // Matches are dense: checked row by row while walking the sort order, which fills a page at once.
    return eb.or(SEARCHED_COLUMNS.map((column) => sql<SqlBool>`instr(${sql.ref(column)}, ${search}) > 0`));
  }
  return sql<SqlBool>`rowid in (select rowid from transactions_search where transactions_search match ${ftsPhrase(search)})`;
}

/**
 * The API's sorts and the column each reads. Each has an index `(merchant_id, column, id)` (migrations
 * 0005 and 0014), so that a page in that order, at any depth, reads only its own rows. The order id
 * sorts by its search copy: lower case, in code point order on both databases.
 */
export const SORT_COLUMNS = {
  createdAt: 'created_at',
  externalID: 'search_external_id',
  total: 'total',
  settled: 'settled',
  refunded: 'refunded',
} as const satisfies Record<TransactionSort, keyof TransactionsTable>;

export type SortColumn = (typeof SORT_COLUMNS)[TransactionSort];

/** Sort columns whose keys are texts (created_at, the order id); the others are minor units. */
export function isTextSort(sort: SortColumn): boolean {
  return sort === 'created_at' || sort === 'search_external_id';
}

/** A row's value in the sort column: where the next page starts after it. */
export function sortKey(row: TransactionRow, sort: SortColumn): string | number {
  // The search copy is not read back: it is derived from the order id as every write derives it.
  return sort === 'search_external_id' ? searchKey(row.external_id) : row[sort];
}

export interface PageRequest {
  sort: SortColumn;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
  /** Keyset position: the sort value and id of the last row of the previous page. */
  after?: { key: string | number; id: string } | undefined;
}

/**
 * One page in (sort, id) order: by keyset after a position (a row-value comparison), else by offset,
 * with the names of its programs and locations. On SQLite the merchant is written in the text and the
 * limit bound as `+?`. SQLite (STAT4 samples on `merchant_id`) marks a statement whose merchant or
 * limit is bound to be parsed and planned again at its next run, and better-sqlite3 binds at every
 * run: the first page was planned at every call, half of its query's time. The merchant in the text
 * is planned with the same value, once per statement (the statement cache keeps one per merchant and
 * shape); `+?` is an expression the planner does not look into. Written as a number, the limit chose
 * other plans (a status filter's second page sorted every match); `+?` left every plan as it was
 * (EXPLAIN QUERY PLAN at 100,000 and 1,000,000 rows, docs/decisions/0026). The other filters' values
 * stay bound: they choose the plan.
 */
export function pageQuery(db: Db, filter: TransactionFilter, page: PageRequest, hints: ScanHints = {}) {
  const dialect = dialectOf(db);
  const inText = dialect === 'sqlite';
  let query = db
    .selectFrom('transactions')
    .select(COLUMNS)
    // The order id's sort column is not one of the row's: the outer query orders by this copy.
    .select((eb) => eb.ref(page.sort).as('sort_key'))
    .where((eb) => matches(eb, dialect, filter, hints, inText));
  const { after } = page;
  if (after !== undefined) {
    const comparison = page.order === 'desc' ? '<' : '>';
    query = query.where(
      sql<SqlBool>`(${sql.ref(page.sort)}, id) ${sql.raw(comparison)} (${after.key}, ${after.id})`,
    );
  }
  const rows = query
    .orderBy(page.sort, page.order)
    .orderBy('id', page.order)
    .limit(inText ? sql<number>`+${page.limit}` : page.limit)
    .offset(page.offset);
  // The names by key for the page's rows only, in the same statement rather than two more queries of
  // their own; outside the page's query, so that a page sorted from its matches does not look names
  // up for every match. A query with an offset is never merged into the outer one (SQLite, PostgreSQL).
  return db
    .selectFrom(rows.as('page'))
    .selectAll('page')
    .select((eb) => [
      eb
        .selectFrom('programs')
        .select('programs.name')
        .whereRef('programs.id', '=', 'page.program_id')
        .as('program_name'),
      eb
        .selectFrom('locations')
        .select('locations.name')
        .whereRef('locations.id', '=', 'page.location_id')
        .whereRef('locations.merchant_id', '=', 'page.merchant_id')
        .as('location_name'),
    ])
    .orderBy('page.sort_key', page.order)
    .orderBy('page.id', page.order);
}

/** A row of a page, with the names of its program and location (null: none found). */
export type PageRow = TransactionRow & { program_name: string | null; location_name: string | null };

export async function listTransactions(
  db: Db,
  filter: TransactionFilter,
  page: PageRequest,
  hints: ScanHints = {},
): Promise<PageRow[]> {
  const { after } = page;
  // A cursor's key as its sort column's type: the text compared with an amount would not match.
  const typed =
    after === undefined
      ? page
      : {
          ...page,
          after: { key: isTextSort(page.sort) ? String(after.key) : Number(after.key), id: after.id },
        };
  const { rows } = await db.executeQuery(compiledPageQuery(db, filter, typed, hints, pageQuery));
  return rows;
}

/**
 * The export's query, compiled: its rows are read as arrays (`DatabaseHandle.readArrayRows`), their
 * values in the order of EXPORT_COLUMNS.
 */
export function exportQuery(
  db: Db,
  filter: TransactionFilter,
  sort: SortColumn,
  order: 'asc' | 'desc',
  hints: ScanHints = {},
): CompiledQuery {
  const dialect = dialectOf(db);
  return db
    .selectFrom('transactions')
    .select(EXPORT_COLUMNS)
    .where((eb) => matches(eb, dialect, filter, hints))
    .orderBy(sort, order)
    .orderBy('id', order)
    .compile();
}

/**
 * The amounts of the first `limit` matching transactions, in no particular order, read lazily so that
 * the cost follows `limit` rather than the number of matches. A SQLite substring search walks the
 * trigram index's hits first (`cross join` keeps that order) and looks each row up by its rowid; an
 * `in (…)` of the hits would first collect all of them.
 */
function firstMatches(db: Db, filter: TransactionFilter, limit: number) {
  const dialect = dialectOf(db);
  const { search } = filter;
  if (dialect === 'sqlite' && search !== undefined && isSubstringTerm(search)) {
    const others: TransactionFilter = { ...filter, search: undefined };
    return db
      .selectFrom('transactions_search')
      .crossJoin('transactions')
      .where(sql<SqlBool>`transactions_search match ${ftsPhrase(search)}`)
      .where(sql<SqlBool>`transactions.rowid = transactions_search.rowid`)
      .where((eb) => matches(eb as ExpressionBuilder<Database, 'transactions'>, dialect, others))
      .select(['transactions.total', 'transactions.settled', 'transactions.refunded'])
      .limit(limit);
  }
  return db
    .selectFrom('transactions')
    .where((eb) => matches(eb, dialect, filter))
    .select(['total', 'settled', 'refunded'])
    .limit(limit);
}

/**
 * Whether at least `threshold` of the merchant's transactions match the amount range, or the search,
 * alone. Reads at most that many entries of the condition's own index.
 */
export async function matchesAtLeast(
  db: Db,
  filter: TransactionFilter,
  part: 'amount' | 'search',
  threshold: number,
): Promise<boolean> {
  const { merchantId, expiryCutoff } = filter;
  const only: TransactionFilter =
    part === 'amount'
      ? { merchantId, expiryCutoff, minAmount: filter.minAmount, maxAmount: filter.maxAmount }
      : { merchantId, expiryCutoff, search: filter.search };
  const row = await db
    .selectFrom(firstMatches(db, only, threshold).as('sample'))
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return row.count >= threshold;
}

export interface Aggregate {
  count: number;
  gross: number;
  settled: number;
  refunded: number;
}

export const EMPTY_AGGREGATE: Aggregate = { count: 0, gross: 0, settled: 0, refunded: 0 };

export function addAggregates(a: Aggregate, b: Aggregate): Aggregate {
  return {
    count: a.count + b.count,
    gross: a.gross + b.gross,
    settled: a.settled + b.settled,
    refunded: a.refunded + b.refunded,
  };
}

/** The number of matching transactions, counted from the indexes where they hold every column needed. */
export async function countTransactions(db: Db, filter: TransactionFilter): Promise<number> {
  const dialect = dialectOf(db);
  const row = await db
    .selectFrom('transactions')
    .where((eb) => matches(eb, dialect, filter))
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return row.count;
}

/** Count and sums over the matching transactions themselves. */
export async function aggregateTransactions(db: Db, filter: TransactionFilter): Promise<Aggregate> {
  const dialect = dialectOf(db);
  const row = await db
    .selectFrom('transactions')
    .where((eb) => matches(eb, dialect, filter))
    .select((eb) => [
      eb.fn.countAll<number>().as('count'),
      eb.fn.coalesce(eb.fn.sum<number>('total'), eb.lit(0)).as('gross'),
      eb.fn.coalesce(eb.fn.sum<number>('settled'), eb.lit(0)).as('settled'),
      eb.fn.coalesce(eb.fn.sum<number>('refunded'), eb.lit(0)).as('refunded'),
    ])
    .executeTakeFirstOrThrow();
  return toAggregate(row);
}

/**
 * Count and sums over at most `limit` matching transactions: where more match, they stop there and
 * are lower bounds (`count` then equals `limit`). The cost follows `limit`, not the number of matches.
 */
export async function aggregateFirstMatches(
  db: Db,
  filter: TransactionFilter,
  limit: number,
  { countOnly = false }: { countOnly?: boolean } = {},
): Promise<Aggregate> {
  const hits = firstMatches(db, filter, limit);
  if (countOnly) {
    // A constant instead of the amounts: where the indexes hold every condition, no row is read.
    const row = await db
      .selectFrom(hits.clearSelect().select(sql.lit(1).as('one')).as('hits'))
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow();
    return { ...EMPTY_AGGREGATE, count: Number(row.count) };
  }
  const row = await db
    .selectFrom(hits.as('hits'))
    .select((eb) => [
      eb.fn.countAll<number>().as('count'),
      eb.fn.coalesce(eb.fn.sum<number>('hits.total'), eb.lit(0)).as('gross'),
      eb.fn.coalesce(eb.fn.sum<number>('hits.settled'), eb.lit(0)).as('settled'),
      eb.fn.coalesce(eb.fn.sum<number>('hits.refunded'), eb.lit(0)).as('refunded'),
    ])
    .executeTakeFirstOrThrow();
  return toAggregate(row);
}

/** Whole UTC days of the roll-up, with the stored statuses that count (undefined: all). */
export interface RollupPart {
  fromDay?: string | undefined;
  /** Exclusive. */
  toDay?: string | undefined;
  storedStatuses?: readonly TransactionStatus[] | undefined;
}

export interface RollupDimensions {
  merchantId: string;
  programIds?: readonly string[] | undefined;
  locationId?: string | undefined;
  productType?: ProductType | undefined;
  channel?: Channel | undefined;
}

/** Count and sums from the daily roll-up, over the given parts. */
export async function aggregateRollup(
  db: Db,
  dimensions: RollupDimensions,
  parts: readonly RollupPart[],
): Promise<Aggregate> {
  if (parts.length === 0) return EMPTY_AGGREGATE;
  let query = db
    .selectFrom('transaction_daily_totals')
    .where('merchant_id', '=', dimensions.merchantId)
    .where((eb) =>
      eb.or(
        parts.map((part) => {
          const conditions: Expression<SqlBool>[] = [];
          if (part.fromDay !== undefined) conditions.push(eb('day', '>=', part.fromDay));
          if (part.toDay !== undefined) conditions.push(eb('day', '<', part.toDay));
          if (part.storedStatuses !== undefined) conditions.push(eb('status', 'in', part.storedStatuses));
          return eb.and(conditions);
        }),
      ),
    );
  if (dimensions.programIds !== undefined && dimensions.programIds.length > 0) {
    query = query.where('program_id', 'in', dimensions.programIds);
  }
  if (dimensions.locationId !== undefined) query = query.where('location_key', '=', dimensions.locationId);
  if (dimensions.productType !== undefined) query = query.where('product_type', '=', dimensions.productType);
  if (dimensions.channel !== undefined) query = query.where('channel', '=', dimensions.channel);
  const row = await query
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('count'), eb.lit(0)).as('count'),
      eb.fn.coalesce(eb.fn.sum<number>('gross'), eb.lit(0)).as('gross'),
      eb.fn.coalesce(eb.fn.sum<number>('settled'), eb.lit(0)).as('settled'),
      eb.fn.coalesce(eb.fn.sum<number>('refunded'), eb.lit(0)).as('refunded'),
    ])
    .executeTakeFirstOrThrow();
  return toAggregate(row);
}

function toAggregate(row: {
  count: unknown;
  gross: unknown;
  settled: unknown;
  refunded: unknown;
}): Aggregate {
  return {
    count: Number(row.count),
    gross: Number(row.gross),
    settled: Number(row.settled),
    refunded: Number(row.refunded),
  };
}

export async function findTransaction(
  db: Db,
  merchantId: string,
  id: string,
  { forUpdate = false }: { forUpdate?: boolean } = {},
): Promise<TransactionRow | undefined> {
  return db
    .selectFrom('transactions')
    .select(COLUMNS)
    .where('id', '=', id)
    .where('merchant_id', '=', merchantId)
    .$if(forUpdate, (query) => query.forUpdate())
    .executeTakeFirst();
}

export async function listTransactionEvents(db: Db, transactionId: string) {
  return db
    .selectFrom('transaction_events')
    .selectAll()
    .where('transaction_id', '=', transactionId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

interface ActionUpdate {
  id: string;
  merchantId: string;
  amount: number;
  /** Authorizations created at or before this instant have expired. */
  expiryCutoff: string;
  now: string;
}

/**
 * The conditional updates of the state machine: each applies only while the amount still fits, so that
 * two actions racing on one transaction can never together exceed it. True when it applied.
 */
export async function settleTransaction(db: Db, update: ActionUpdate): Promise<boolean> {
  const result = await db
    .updateTable('transactions')
    .set({
      settled: sql<number>`settled + ${update.amount}`,
      status: 'SETTLED',
      updated_at: update.now,
    })
    .where('id', '=', update.id)
    .where('merchant_id', '=', update.merchantId)
    // A refund is final: nothing more is settled once anything was refunded.
    .where('status', 'in', ['AUTHORIZED', 'SETTLED'])
    .where('refunded', '=', 0)
    .where('created_at', '>', update.expiryCutoff)
    .where(sql<boolean>`total - settled - cancelled >= ${update.amount}`)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function cancelTransaction(db: Db, update: ActionUpdate): Promise<boolean> {
  const result = await db
    .updateTable('transactions')
    .set({
      cancelled: sql<number>`cancelled + ${update.amount}`,
      // Cancelling all of what was never settled cancels the transaction; otherwise only the rest goes.
      status: sql<TransactionStatus>`case when settled = 0 and cancelled + ${update.amount} = total
        then 'CANCELLED' else status end`,
      updated_at: update.now,
    })
    .where('id', '=', update.id)
    .where('merchant_id', '=', update.merchantId)
    .where('status', 'in', ['PENDING', 'AUTHORIZED', 'SETTLED', 'REFUNDED'])
    .where('created_at', '>', update.expiryCutoff)
    .where(sql<boolean>`total - settled - cancelled >= ${update.amount}`)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function refundTransaction(
  db: Db,
  update: Omit<ActionUpdate, 'expiryCutoff'>,
): Promise<boolean> {
  const result = await db
    .updateTable('transactions')
    .set({
      refunded: sql<number>`refunded + ${update.amount}`,
      status: 'REFUNDED',
      updated_at: update.now,
    })
    .where('id', '=', update.id)
    .where('merchant_id', '=', update.merchantId)
    .where('status', 'in', ['SETTLED', 'REFUNDED'])
    .where(sql<boolean>`settled - refunded >= ${update.amount}`)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/**
 * Writes a new transaction (a completed cart makes one), deriving the search copies from its values as
 * every other write does; the daily totals follow through the triggers.
 */
export async function insertTransaction(
  db: Db,
  row: Omit<Insertable<TransactionsTable>, keyof ReturnType<typeof searchColumns>>,
): Promise<void> {
  await db
    .insertInto('transactions')
    .values({ ...row, ...searchColumns(row.external_id, row.customer_name, row.customer_email) })
    .execute();
}

export async function insertTransactionEvent(db: Db, event: Insertable<TransactionEventsTable>) {
  await db.insertInto('transaction_events').values(event).execute();
}

export async function insertFundingEvent(db: Db, event: Insertable<FundingEventsTable>) {
  await db.insertInto('funding_events').values(event).execute();
}

/** Names by id of the given programs. */
export async function programNames(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('programs').select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Names by id of every program the merchant takes or took part in. */
export async function merchantProgramNames(db: Db, merchantId: string): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('programs')
    .select(['programs.id', 'programs.name'])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('merchant_program_participations')
          .select('merchant_program_participations.id')
          .whereRef('merchant_program_participations.program_id', '=', 'programs.id')
          .where('merchant_program_participations.merchant_id', '=', merchantId),
      ),
    )
    .execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

/**
 * The merchant's authorizations (PENDING or AUTHORIZED, something still open) created in
 * (`after`, `until`]: those that lapse in a window of days (transactions_merchant_status_idx).
 */
export async function listAuthorizationsCreatedBetween(
  db: Db,
  merchantId: string,
  after: string,
  until: string,
) {
  return db
    .selectFrom('transactions')
    .select(['id', 'external_id', 'currency', 'total', 'settled', 'cancelled', 'created_at'])
    .where('merchant_id', '=', merchantId)
    .where('status', 'in', ['PENDING', 'AUTHORIZED'])
    .where('created_at', '>', after)
    .where('created_at', '<=', until)
    .where(sql<boolean>`total - settled - cancelled > 0`)
    .orderBy('created_at')
    .execute();
}
