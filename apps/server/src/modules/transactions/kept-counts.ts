import type { Kysely } from 'kysely';
import { preparedQuery } from '../../db/prepared-query.js';
import type { Database } from '../../db/schema.js';
import { merchantContextOf, merchantContextRead, type MerchantContext } from '../merchants/service.js';
import type { TransactionFilter } from './repository.js';
import type { FilterAggregate } from './service.js';

/** Counts kept per database, at most this many (the oldest out first): a few hundred bytes each. */
const KEPT_COUNTS_LIMIT = 1_000;

/**
 * The merchant's context and the version of its transactions, in one read by primary key: the list
 * and the totals need both, and on PostgreSQL each query is a round trip whose writes and reads cost
 * the server more CPU than the query itself (docs/decisions/0029). The version is a scalar subquery
 * rather than a join, as the brand is (SQLite plans a join again at every call: decision 0024).
 */
const merchantWithVersion = preparedQuery((db, args: { merchantId: string }) =>
  merchantContextRead(db, args.merchantId).select((eb) =>
    eb
      .selectFrom('transaction_versions')
      .select('transaction_versions.version')
      .whereRef('transaction_versions.merchant_id', '=', 'merchants.id')
      .$asScalar()
      .as('version'),
  ),
);

/** A merchant's context, with the version of its transactions as read with it. */
export interface VersionedContext {
  context: MerchantContext;
  /** What keptAggregate keys its counts by; 0 while the merchant has no row (no write yet). */
  version: number;
}

/** The merchant's context and transaction version; 403 for an unknown merchant, as merchantContext. */
export async function merchantContextWithVersion(
  db: Kysely<Database>,
  merchantId: string,
): Promise<VersionedContext> {
  const [row] = await merchantWithVersion(db, { merchantId });
  return { context: merchantContextOf(merchantId, row), version: row?.version ?? 0 };
}

/** Per database handle: two servers in one process (tests) may have the same merchant ids. */
const keptByDatabase = new WeakMap<Kysely<Database>, Map<string, FilterAggregate>>();

/**
 * The count (or count and sums) of a filter as computed for the merchant's current version of its
 * transactions (migration 0034), or `compute`d now and kept for the next call. Every write of one of
 * the merchant's transactions, on any instance, raises the version in its own transaction, so a kept
 * figure is used only while the transactions it was counted from are unchanged: it is exact.
 * `version` is the filter's merchant's, read (merchantContextWithVersion) before this call and so before
 * `compute` counts: a figure is never kept under a version newer than its own.
 * A filter on statuses is never kept: an authorization turns EXPIRED with time alone, no write.
 *
 * A capped aggregate (a search that matched more than the cap) is kept whatever the version: no write
 * takes a transaction out of a filter without statuses (transactions are never deleted, and an action
 * changes only the amounts settled, cancelled and refunded, and the status), so the count stays capped,
 * and its sums, lower bounds of amounts that only grow, stay lower bounds. Without this, every action
 * of a busy merchant made the next common search count its 10,001 matches again (docs/decisions/0031).
 */
export async function keptAggregate(
  db: Kysely<Database>,
  filter: TransactionFilter,
  version: number,
  countOnly: boolean,
  compute: () => Promise<FilterAggregate>,
): Promise<FilterAggregate> {
  if (filter.statuses !== undefined && filter.statuses.length > 0) return compute();
  // The cutoff only matters to statuses; without them it would make every key differ.
  const filterKey = { ...filter, expiryCutoff: undefined };
  const key = JSON.stringify([countOnly, version, filterKey]);
  const cappedKey = JSON.stringify([countOnly, 'capped', filterKey]);
  let kept = keptByDatabase.get(db);
  if (kept === undefined) {
    kept = new Map();
    keptByDatabase.set(db, kept);
  }
  const known = kept.get(cappedKey) ?? kept.get(key);
  if (known !== undefined) return known;
  const value = await compute();
  if (kept.size >= KEPT_COUNTS_LIMIT) {
    const oldest = kept.keys().next();
    if (oldest.done !== true) kept.delete(oldest.value);
  }
  kept.set(value.capped ? cappedKey : key, value);
  return value;
}
