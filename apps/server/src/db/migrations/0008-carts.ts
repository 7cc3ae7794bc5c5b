import { sql, type Kysely } from 'kysely';
import { dialectOf, isOneOf, timestampType } from '../migration-helpers.js';

// The value lists as they were when this migration landed (migrations are frozen).
const CART_STATUSES = ['ACTIVE', 'SENT', 'COMPLETED', 'EXPIRED'] as const;
const CURRENCIES = ['USD', 'CAD'] as const;
const ACTOR_TYPES = ['USER', 'CUSTOMER', 'SYSTEM'] as const;

/**
 * Carts (issue 5): payment links with their items and status history. The checkout token is kept only
 * as a SHA-256 hash: the raw token lives in the link alone, so that reading the table opens no cart.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  const ts = timestampType(dialect);
  // Prefix searches compare code points whatever the database's collation (as in 0005).
  const codePointText = dialect === 'postgres' ? sql`text collate "C"` : sql`text`;

  await db.schema
    .createTable('carts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('merchant_id', 'text', (c) => c.notNull().references('merchants.id'))
    // The merchant's ECOMM program when the cart was made: its maximum bounds the total, and the
    // transaction of a completed cart belongs to it.
    .addColumn('program_id', 'text', (c) => c.notNull().references('programs.id'))
    .addColumn('checkout_token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('order_reference', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    // Minor units. custom_total replaces the items' subtotal when set; total is the computed total.
    .addColumn('custom_total', 'bigint')
    .addColumn('shipping', 'bigint', (c) => c.notNull())
    .addColumn('tax', 'bigint', (c) => c.notNull())
    .addColumn('discount', 'bigint', (c) => c.notNull())
    .addColumn('total', 'bigint', (c) => c.notNull())
    .addColumn('shopper_name', 'text', (c) => c.notNull())
    .addColumn('shopper_email', 'text', (c) => c.notNull())
    .addColumn('shopper_phone', 'text', (c) => c.notNull())
    // JSON text of the addresses; shipping is null when it goes to the billing address.
    .addColumn('billing_address', 'text', (c) => c.notNull())
    .addColumn('shipping_address', 'text')
    .addColumn('callback_url', 'text', (c) => c.notNull())
    .addColumn('complete_url', 'text', (c) => c.notNull())
    .addColumn('error_url', 'text', (c) => c.notNull())
    // As stored; an ACTIVE or SENT cart past expires_at reads EXPIRED without being rewritten.
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('expires_at', ts, (c) => c.notNull())
    .addColumn('transaction_id', 'text', (c) => c.references('transactions.id'))
    // Lower-cased copies for the prefix search.
    .addColumn('search_name', codePointText, (c) => c.notNull())
    .addColumn('search_reference', codePointText, (c) => c.notNull())
    .addColumn('search_shopper_name', codePointText, (c) => c.notNull())
    .addColumn('search_shopper_email', codePointText, (c) => c.notNull())
    .addColumn('created_by_user_id', 'text')
    .addColumn('created_by_email', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addCheckConstraint('carts_status_check', isOneOf('status', CART_STATUSES))
    .addCheckConstraint('carts_currency_check', isOneOf('currency', CURRENCIES))
    .addCheckConstraint(
      'carts_amounts_check',
      sql`shipping >= 0 and tax >= 0 and discount >= 0 and total > 0
        and (custom_total is null or custom_total > 0)`,
    )
    .addCheckConstraint('carts_completed_check', sql`(status = 'COMPLETED') = (transaction_id is not null)`)
    .execute();

  // Every filter and sort of the list leads with the merchant and ends in a stable order.
  const indexes: [string, string[]][] = [
    ['carts_merchant_created_idx', ['merchant_id', 'created_at', 'id']],
    ['carts_merchant_expires_idx', ['merchant_id', 'expires_at', 'id']],
    ['carts_merchant_total_idx', ['merchant_id', 'total', 'id']],
    ['carts_merchant_name_idx', ['merchant_id', 'search_name', 'id']],
    ['carts_merchant_status_idx', ['merchant_id', 'status', 'created_at', 'id']],
    ['carts_merchant_status_expires_idx', ['merchant_id', 'status', 'expires_at']],
    ['carts_merchant_search_reference_idx', ['merchant_id', 'search_reference']],
    ['carts_merchant_search_shopper_name_idx', ['merchant_id', 'search_shopper_name']],
    ['carts_merchant_search_shopper_email_idx', ['merchant_id', 'search_shopper_email']],
  ];
  for (const [name, columns] of indexes) {
    await db.schema.createIndex(name).on('carts').columns(columns).execute();
  }

  await db.schema
    .createTable('cart_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('cart_id', 'text', (c) => c.notNull().references('carts.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sku', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('unit_price', 'bigint', (c) => c.notNull())
    .addColumn('unit_tax', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('cart_items_cart_position_unique', ['cart_id', 'position'])
    .addCheckConstraint('cart_items_amounts_check', sql`quantity > 0 and unit_price > 0 and unit_tax >= 0`)
    .execute();

  await db.schema
    .createTable('cart_status_history')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('cart_id', 'text', (c) => c.notNull().references('carts.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('actor_type', 'text', (c) => c.notNull())
    // No foreign key: the history keeps who acted after that user is removed.
    .addColumn('actor_user_id', 'text')
    .addColumn('actor_email', 'text')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addCheckConstraint('cart_status_history_status_check', isOneOf('status', CART_STATUSES))
    .addCheckConstraint('cart_status_history_actor_type_check', isOneOf('actor_type', ACTOR_TYPES))
    .execute();
  await db.schema
    .createIndex('cart_status_history_cart_idx')
    .on('cart_status_history')
    .columns(['cart_id', 'created_at'])
    .execute();
}
