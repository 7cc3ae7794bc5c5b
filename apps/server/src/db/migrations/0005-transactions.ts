import { sql, type Kysely } from 'kysely';
import { dialectOf, isOneOf, timestampType, type Dialect } from '../migration-helpers.js';

// The value lists as they were when this migration landed (migrations are frozen).
const CHANNELS = ['ECOMM', 'INSTORE'] as const;
const PRODUCT_TYPES = ['INSTALLMENTS', 'SPLITPAY', 'DEBT_CONSOLIDATION'] as const;
const CURRENCIES = ['USD', 'CAD'] as const;
const TRANSACTION_STATUSES = [
  'PENDING',
  'AUTHORIZED',
  'SETTLED',
  'REFUNDED',
  'CANCELLED',
  'EXPIRED',
] as const;
const TRANSACTION_EVENT_TYPES = ['SETTLED', 'CANCELLED', 'REFUNDED'] as const;
const ACTOR_TYPES = ['USER', 'CUSTOMER', 'SYSTEM'] as const;
const FUNDING_EVENT_TYPES = ['SETTLE', 'REFUND', 'CHARGEBACK', 'FEE'] as const;
const LOCATION_STATUSES = ['ACTIVE', 'INACTIVE'] as const;

/** The columns of a daily roll-up row's key, in the order of its primary key. */
const ROLLUP_KEY = 'merchant_id, day, program_id, status, product_type, channel, location_key';

/**
 * Transactions (issue 4) with their history, the funding events the settlement report lists, the
 * merchant's locations, the answers kept for `Idempotency-Key`, and daily roll-ups that keep the totals
 * of a million transactions cheap.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  const ts = timestampType(dialect);
  const date = dialect === 'postgres' ? 'date' : 'text';
  // Prefix searches compare code points: PostgreSQL's "C" collation does, whatever the database's
  // default collation is (a libc locale ignores dashes and case); SQLite's default BINARY does too.
  const codePointText = dialect === 'postgres' ? sql`text collate "C"` : sql`text`;

  await db.schema
    .createTable('locations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('merchant_id', 'text', (c) => c.notNull().references('merchants.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('store_number', 'text', (c) => c.notNull())
    .addColumn('address_line1', 'text', (c) => c.notNull())
    .addColumn('address_line2', 'text')
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('region', 'text', (c) => c.notNull())
    .addColumn('postal_code', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addUniqueConstraint('locations_merchant_store_number_unique', ['merchant_id', 'store_number'])
    .addCheckConstraint('locations_status_check', isOneOf('status', LOCATION_STATUSES))
    .execute();
  await db.schema
    .createIndex('locations_merchant_name_idx')
    .on('locations')
    .columns(['merchant_id', 'name'])
    .execute();

  await db.schema
    .createTable('transactions')
    .addColumn('id', codePointText, (c) => c.primaryKey())
    .addColumn('merchant_id', 'text', (c) => c.notNull().references('merchants.id'))
    .addColumn('program_id', 'text', (c) => c.notNull().references('programs.id'))
    .addColumn('location_id', 'text', (c) => c.references('locations.id'))
    .addColumn('external_id', 'text', (c) => c.notNull())
    .addColumn('product_type', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('from_cart', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    // Minor units of the currency.
    .addColumn('total', 'bigint', (c) => c.notNull())
    .addColumn('tax', 'bigint', (c) => c.notNull())
    .addColumn('shipping', 'bigint', (c) => c.notNull())
    .addColumn('discount', 'bigint', (c) => c.notNull())
    .addColumn('settled', 'bigint', (c) => c.notNull())
    .addColumn('refunded', 'bigint', (c) => c.notNull())
    .addColumn('cancelled', 'bigint', (c) => c.notNull())
    // As stored; an authorization past its 90 days reads EXPIRED without being rewritten.
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('customer_name', 'text', (c) => c.notNull())
    .addColumn('customer_email', 'text', (c) => c.notNull())
    .addColumn('customer_phone', 'text')
    // JSON text of an address; null when none was given.
    .addColumn('billing_address', 'text')
    .addColumn('shipping_address', 'text')
    // Lower-cased copies that the search compares by prefix: the order id, the name as given and
    // surname first (so that "doe" and "jane" both find Jane Doe), and the e-mail.
    .addColumn('search_external_id', codePointText, (c) => c.notNull())
    .addColumn('search_name', codePointText, (c) => c.notNull())
    .addColumn('search_name_reversed', codePointText, (c) => c.notNull())
    .addColumn('search_email', codePointText, (c) => c.notNull())
    .addColumn('authorized_at', ts)
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addCheckConstraint('transactions_product_type_check', isOneOf('product_type', PRODUCT_TYPES))
    .addCheckConstraint('transactions_channel_check', isOneOf('channel', CHANNELS))
    .addCheckConstraint('transactions_currency_check', isOneOf('currency', CURRENCIES))
    .addCheckConstraint('transactions_status_check', isOneOf('status', TRANSACTION_STATUSES))
    .addCheckConstraint('transactions_from_cart_check', sql`from_cart in (0, 1)`)
    // The last guard of the state machine: whatever the code does, no amount exceeds what it may.
    .addCheckConstraint(
      'transactions_amounts_check',
      sql`total >= 0 and tax >= 0 and shipping >= 0 and discount >= 0 and settled >= 0 and refunded >= 0
        and cancelled >= 0 and settled + cancelled <= total and refunded <= settled`,
    )
    .execute();

  // The list: every filter the page offers leads with the merchant and ends in the keyset order
  // (created_at, id), so that a filtered page reads only its own rows, in order, at any depth.
  const listIndexes: [string, string[]][] = [
    ['transactions_merchant_created_idx', ['merchant_id', 'created_at', 'id']],
    ['transactions_merchant_total_idx', ['merchant_id', 'total', 'id']],
    ['transactions_merchant_status_idx', ['merchant_id', 'status', 'created_at', 'id']],
    ['transactions_merchant_program_idx', ['merchant_id', 'program_id', 'created_at', 'id']],
    ['transactions_merchant_location_idx', ['merchant_id', 'location_id', 'created_at', 'id']],
    ['transactions_merchant_product_idx', ['merchant_id', 'product_type', 'created_at', 'id']],
    ['transactions_merchant_channel_idx', ['merchant_id', 'channel', 'created_at', 'id']],
    // The search: one prefix range per searched field (the transaction id uses the primary key).
    ['transactions_merchant_search_external_id_idx', ['merchant_id', 'search_external_id']],
    ['transactions_merchant_search_name_idx', ['merchant_id', 'search_name']],
    ['transactions_merchant_search_name_reversed_idx', ['merchant_id', 'search_name_reversed']],
    ['transactions_merchant_search_email_idx', ['merchant_id', 'search_email']],
  ];
  for (const [name, columns] of listIndexes) {
    await db.schema.createIndex(name).on('transactions').columns(columns).execute();
  }

  await db.schema
    .createTable('transaction_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('transaction_id', 'text', (c) => c.notNull().references('transactions.id'))
    .addColumn('merchant_id', 'text', (c) => c.notNull().references('merchants.id'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('actor_type', 'text', (c) => c.notNull())
    // No foreign key: the history keeps who acted after that user is removed.
    .addColumn('actor_user_id', 'text')
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('actor_email', 'text')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addCheckConstraint('transaction_events_type_check', isOneOf('type', TRANSACTION_EVENT_TYPES))
    .addCheckConstraint('transaction_events_actor_type_check', isOneOf('actor_type', ACTOR_TYPES))
    .addCheckConstraint('transaction_events_currency_check', isOneOf('currency', CURRENCIES))
    .addCheckConstraint('transaction_events_amount_check', sql`amount > 0`)
    .execute();
  await db.schema
    .createIndex('transaction_events_transaction_created_idx')
    .on('transaction_events')
    .columns(['transaction_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('funding_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('merchant_id', 'text', (c) => c.notNull().references('merchants.id'))
    // Null for a FEE that belongs to no one transaction.
    .addColumn('transaction_id', 'text', (c) => c.references('transactions.id'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    // Minor units, signed as the money moves for the merchant: refunds and chargebacks are negative.
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('fee', 'bigint', (c) => c.notNull())
    .addColumn('net_amount', 'bigint', (c) => c.notNull())
    .addColumn('event_at', ts, (c) => c.notNull())
    .addColumn('bank_requested_on', date, (c) => c.notNull())
    // Null until the deposit (ACH) is made.
    .addColumn('deposited_on', date)
    .addColumn('created_at', ts, (c) => c.notNull())
    .addCheckConstraint('funding_events_type_check', isOneOf('type', FUNDING_EVENT_TYPES))
    .addCheckConstraint('funding_events_currency_check', isOneOf('currency', CURRENCIES))
    .addCheckConstraint('funding_events_net_check', sql`net_amount = amount - fee`)
    .addCheckConstraint('funding_events_transaction_check', sql`type = 'FEE' or transaction_id is not null`)
    .execute();
  await db.schema
    .createIndex('funding_events_merchant_event_idx')
    .on('funding_events')
    .columns(['merchant_id', 'event_at', 'id'])
    .execute();
  await db.schema
    .createIndex('funding_events_merchant_deposited_idx')
    .on('funding_events')
    .columns(['merchant_id', 'deposited_on'])
    .execute();
  await db.schema
    .createIndex('funding_events_transaction_id_idx')
    .on('funding_events')
    .column('transaction_id')
    .execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('merchant_id', 'text', (c) => c.notNull().references('merchants.id'))
    .addColumn('key', 'text', (c) => c.notNull())
    // The method and path of the first request, and a hash of what it asked for.
    .addColumn('route', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer', (c) => c.notNull())
    // The JSON answer that a repeat of the request gets again.
    .addColumn('response', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pkey', ['merchant_id', 'key'])
    .execute();
  await db.schema
    .createIndex('idempotency_keys_created_at_idx')
    .on('idempotency_keys')
    .column('created_at')
    .execute();

  // Counts and sums per merchant, UTC day and every dimension the list filters on, kept by triggers in
  // the same transaction as each write. Totals then add up a few rows per day instead of every row.
  let rollup = db.schema
    .createTable('transaction_daily_totals')
    .addColumn('merchant_id', 'text', (c) => c.notNull())
    .addColumn('day', date, (c) => c.notNull())
    .addColumn('program_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('product_type', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    // The location id, or '' for none: a primary key takes no nulls.
    .addColumn('location_key', 'text', (c) => c.notNull())
    .addColumn('count', 'bigint', (c) => c.notNull())
    .addColumn('gross', 'bigint', (c) => c.notNull())
    .addColumn('settled', 'bigint', (c) => c.notNull())
    .addColumn('refunded', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('transaction_daily_totals_pkey', [
      'merchant_id',
      'day',
      'program_id',
      'status',
      'product_type',
      'channel',
      'location_key',
    ]);
  // Stored in key order on SQLite, so that a merchant's days are read as one range.
  if (dialect === 'sqlite') rollup = rollup.modifyEnd(sql`without rowid`);
  await rollup.execute();
  await createRollupTriggers(db, dialect);
}

async function createRollupTriggers(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const watched =
    'merchant_id, program_id, location_id, product_type, channel, status, total, settled, refunded, created_at';
  if (dialect === 'sqlite') {
    // ISO-8601 text in UTC: the day is its first ten characters.
    const add = (row: 'new' | 'old', sign: '' | '-') => `
      insert into transaction_daily_totals (${ROLLUP_KEY}, count, gross, settled, refunded)
      values (${row}.merchant_id, substr(${row}.created_at, 1, 10), ${row}.program_id, ${row}.status,
        ${row}.product_type, ${row}.channel, coalesce(${row}.location_id, ''),
        ${sign}1, ${sign}${row}.total, ${sign}${row}.settled, ${sign}${row}.refunded)
      on conflict (${ROLLUP_KEY}) do update set count = count + excluded.count,
        gross = gross + excluded.gross, settled = settled + excluded.settled,
        refunded = refunded + excluded.refunded;`;
    await sql
      .raw(
        `create trigger transactions_daily_totals_insert after insert on transactions begin ${add('new', '')} end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger transactions_daily_totals_update after update of ${watched} on transactions
        begin ${add('old', '-')} ${add('new', '')} end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger transactions_daily_totals_delete after delete on transactions begin ${add('old', '-')} end`,
      )
      .execute(db);
    return;
  }

  await sql
    .raw(
      `create function transaction_daily_totals_add(tx transactions, sign bigint) returns void
      language sql as $$
        insert into transaction_daily_totals (${ROLLUP_KEY}, count, gross, settled, refunded)
        values (tx.merchant_id, (tx.created_at at time zone 'UTC')::date, tx.program_id, tx.status,
          tx.product_type, tx.channel, coalesce(tx.location_id, ''),
          sign, sign * tx.total, sign * tx.settled, sign * tx.refunded)
        on conflict (${ROLLUP_KEY}) do update set
          count = transaction_daily_totals.count + excluded.count,
          gross = transaction_daily_totals.gross + excluded.gross,
          settled = transaction_daily_totals.settled + excluded.settled,
          refunded = transaction_daily_totals.refunded + excluded.refunded
      $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create function transactions_daily_totals() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          perform transaction_daily_totals_add(new, 1);
        elsif tg_op = 'DELETE' then
          perform transaction_daily_totals_add(old, -1);
        elsif old.status <= new.status then
          -- Two rows of one day are always locked in the order of their status, so that two actions
          -- racing on the same day cannot each hold the row the other waits for.
          perform transaction_daily_totals_add(old, -1);
          perform transaction_daily_totals_add(new, 1);
        else
          perform transaction_daily_totals_add(new, 1);
          perform transaction_daily_totals_add(old, -1);
        end if;
        return null;
      end
      $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger transactions_daily_totals after insert or update of ${watched} or delete
      on transactions for each row execute function transactions_daily_totals()`,
    )
    .execute(db);
}
