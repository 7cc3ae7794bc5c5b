import { sql, type Kysely } from 'kysely';
import { dialectOf, isNullOrOneOf, isOneOf, timestampType } from '../migration-helpers.js';

// The value lists as they were when this migration landed (migrations are frozen).
const CHANNELS = ['ECOMM', 'INSTORE'] as const;
const PRODUCT_TYPES = ['INSTALLMENTS', 'SPLITPAY', 'DEBT_CONSOLIDATION'] as const;
const CURRENCIES = ['USD', 'CAD'] as const;
const DECISIONS = ['APPROVED', 'DECLINED'] as const;

/**
 * Shoppers' applications for financing, per program and channel: each step (prequalified, applied,
 * decided, checkout started, checkout completed) is the time it happened or null, and the transaction
 * is set when a purchase followed. The e-mail is kept lower-cased, so that one shopper is one e-mail
 * whatever its case. With them, the record of every targeting export taken from them. Frozen once landed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(dialectOf(db));

  await db.schema
    .createTable('applications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('merchant_id', 'text', (c) => c.notNull().references('merchants.id'))
    .addColumn('program_id', 'text', (c) => c.notNull().references('programs.id'))
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('product_type', 'text', (c) => c.notNull())
    .addColumn('location_id', 'text', (c) => c.references('locations.id'))
    .addColumn('customer_name', 'text', (c) => c.notNull())
    .addColumn('customer_email', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    // Minor units of the currency; null when the shopper had no cart yet.
    .addColumn('cart_amount', 'bigint')
    .addColumn('prequalified_at', ts)
    .addColumn('applied_at', ts)
    .addColumn('decision', 'text')
    .addColumn('decided_at', ts)
    .addColumn('checkout_started_at', ts)
    .addColumn('checkout_completed_at', ts)
    .addColumn('transaction_id', 'text', (c) => c.references('transactions.id'))
    // The first step's time.
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addCheckConstraint('applications_channel_check', isOneOf('channel', CHANNELS))
    .addCheckConstraint('applications_product_type_check', isOneOf('product_type', PRODUCT_TYPES))
    .addCheckConstraint('applications_currency_check', isOneOf('currency', CURRENCIES))
    .addCheckConstraint('applications_decision_check', isNullOrOneOf('decision', DECISIONS))
    .addCheckConstraint('applications_decided_check', sql`(decision is null) = (decided_at is null)`)
    .addCheckConstraint('applications_cart_amount_check', sql`cart_amount is null or cart_amount >= 0`)
    .execute();

  const indexes: [string, string[]][] = [
    ['applications_merchant_created_idx', ['merchant_id', 'created_at', 'id']],
    ['applications_merchant_email_idx', ['merchant_id', 'customer_email', 'created_at']],
    // The targeting export selects the shoppers who prequalified or applied in a window.
    ['applications_merchant_prequalified_idx', ['merchant_id', 'prequalified_at']],
    ['applications_merchant_applied_idx', ['merchant_id', 'applied_at']],
  ];
  for (const [name, columns] of indexes) {
    await db.schema.createIndex(name).on('applications').columns(columns).execute();
  }
  // A purchase follows one application at most.
  await db.schema
    .createIndex('applications_transaction_unique')
    .on('applications')
    .column('transaction_id')
    .unique()
    .execute();

  // Every targeting export taken: who, when, the window and filters (to take the same set again) and
  // how many shoppers it held.
  await db.schema
    .createTable('targeting_exports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('merchant_id', 'text', (c) => c.notNull().references('merchants.id'))
    // No foreign key: the history keeps who exported after that user is removed.
    .addColumn('user_id', 'text')
    .addColumn('user_email', 'text', (c) => c.notNull())
    // Calendar days (YYYY-MM-DD) in `time_zone`, both included.
    .addColumn('from_day', 'text', (c) => c.notNull())
    .addColumn('to_day', 'text', (c) => c.notNull())
    .addColumn('time_zone', 'text', (c) => c.notNull())
    // JSON text of the filters besides the window.
    .addColumn('filters', 'text', (c) => c.notNull())
    .addColumn('row_count', 'integer', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addCheckConstraint('targeting_exports_window_check', sql`from_day <= to_day`)
    .addCheckConstraint('targeting_exports_row_count_check', sql`row_count >= 0`)
    .execute();
  await db.schema
    .createIndex('targeting_exports_merchant_created_idx')
    .on('targeting_exports')
    .columns(['merchant_id', 'created_at', 'id'])
    .execute();
}
