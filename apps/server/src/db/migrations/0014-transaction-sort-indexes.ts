import type { Kysely } from 'kysely';

/**
 * The transaction list sorts by settled, refunded and order id too: each sort reads its own index,
 * leading with the merchant and ending in the keyset order (column, id), so that a page at any depth
 * reads only its own rows in order. The order id sorts by its search copy (lower case, and code points
 * on both databases); its index also serves the order-id search, so the search's own index goes.
 * Frozen once landed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const sortIndexes: [string, string[]][] = [
    ['transactions_merchant_settled_idx', ['merchant_id', 'settled', 'id']],
    ['transactions_merchant_refunded_idx', ['merchant_id', 'refunded', 'id']],
    ['transactions_merchant_external_id_idx', ['merchant_id', 'search_external_id', 'id']],
  ];
  for (const [name, columns] of sortIndexes) {
    await db.schema.createIndex(name).on('transactions').columns(columns).execute();
  }
  await db.schema.dropIndex('transactions_merchant_search_external_id_idx').execute();
}
