import type { Kysely } from 'kysely';
import { preparedQuery } from '../../db/prepared-query.js';
import type { Database } from '../../db/schema.js';
import type { TransactionFilter } from './repository.js';
import type { FilterAggregate } from './service.js';

/** Counts kept per database, at most this many (the oldest out first): a few hundred bytes each. */
const KEPT_COUNTS_LIMIT = 1_000;

const versionOf = preparedQuery((db, args: { merchantId: string }) =>
  db.selectFrom('transaction_versions').select('version').where('merchant_id', '=', args.merchantId),
);

/** Per database handle: two servers in one process (tests) may have the same merchant ids. */
const keptByDatabase = new WeakMap<Kysely<Database>, Map<string, FilterAggregate>>();

/**
 * The count (or count and sums) of a filter as computed for the merchant's current version of its
 * transactions (migration 0034), or `compute`d now and kept for the next call. Every write of one of
 * the merchant's transactions, on any instance, raises the version in its own transaction, so a kept
 * figure is used only while the transactions it was counted from are unchanged: it is exact. The
 * version is read before the count, so a figure is never kept under a version newer than its own.
 * A filter on statuses is never kept: an authorization turns EXPIRED with time alone, no write.
 */
export async function keptAggregate(
  db: Kysely<Database>,
  filter: TransactionFilter,
  countOnly: boolean,
  compute: () => Promise<FilterAggregate>,
): Promise<FilterAggregate> {
  if (filter.statuses !== undefined && filter.statuses.length > 0) return compute();
  const [row] = await versionOf(db, { merchantId: filter.merchantId });
  // The cutoff only matters to statuses; without them it would make every key differ.
  const key = JSON.stringify([countOnly, row?.version ?? 0, { ...filter, expiryCutoff: undefined }]);
  let kept = keptByDatabase.get(db);
  if (kept === undefined) {
    kept = new Map();
    keptByDatabase.set(db, kept);
  }
  const known = kept.get(key);
  if (known !== undefined) return known;
  const value = await compute();
  if (kept.size >= KEPT_COUNTS_LIMIT) {
    const oldest = kept.keys().next();
    if (oldest.done !== true) kept.delete(oldest.value);
  }
  kept.set(key, value);
  return value;
}
