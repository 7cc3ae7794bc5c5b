import { createHash } from 'node:crypto';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { dialectOf, isOneOf, timestampType, type Dialect } from '../migration-helpers.js';

// The value lists as they were when this migration landed (migrations are frozen).
const CURRENCIES = ['USD', 'CAD'] as const;
const FREQUENCIES = ['DAILY', 'WEEKLY'] as const;
const LOCALES = ['en', 'fr-CA'] as const;

/**
 * Deposits (payouts): the funding events grouped by the merchant's payout schedule, each with the
 * totals of its events kept on its row (and per program beside it), written in the same database
 * transaction as the events, so that a report over a range reads one row per deposit and never the
 * events. Also the recipients of the settlement summary e-mail. The funding events already written
 * get their deposits here (backfillDeposits). Frozen once landed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  const ts = timestampType(dialect);
  const date = dialect === 'postgres' ? 'date' : 'text';

  await db.schema
    .createTable('deposits')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('merchant_id', 'text', (c) => c.notNull().references('merchants.id'))
    // The merchant-local calendar day of the ACH, a business day.
    .addColumn('deposit_date', date, (c) => c.notNull())
    // What the merchant's bank statement shows for it.
    .addColumn('bank_reference', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('event_count', 'integer', (c) => c.notNull())
    // Minor units; refunds, chargebacks and fees as positive amounts taken off the settlements.
    .addColumn('settlements', 'bigint', (c) => c.notNull())
    .addColumn('refunds', 'bigint', (c) => c.notNull())
    .addColumn('chargebacks', 'bigint', (c) => c.notNull())
    .addColumn('fees', 'bigint', (c) => c.notNull())
    .addColumn('net', 'bigint', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addUniqueConstraint('deposits_merchant_date_unique', ['merchant_id', 'deposit_date'])
    // A reference is the day and 32 bits of a hash: unique within a merchant by its day, not across
    // merchants, whose statements never meet. A provider-wide constraint would fail a settle on a clash.
    .addUniqueConstraint('deposits_merchant_bank_reference_unique', ['merchant_id', 'bank_reference'])
    .addCheckConstraint('deposits_currency_check', isOneOf('currency', CURRENCIES))
    .addCheckConstraint('deposits_net_check', sql`net = settlements - refunds - chargebacks - fees`)
    .execute();

  // The program breakdown of each deposit; the program is null for fees of no one transaction.
  await db.schema
    .createTable('deposit_program_totals')
    .addColumn('deposit_id', 'text', (c) => c.notNull().references('deposits.id'))
    .addColumn('program_key', 'text', (c) => c.notNull())
    .addColumn('program_id', 'text', (c) => c.references('programs.id'))
    .addColumn('event_count', 'integer', (c) => c.notNull())
    .addColumn('settlements', 'bigint', (c) => c.notNull())
    .addColumn('refunds', 'bigint', (c) => c.notNull())
    .addColumn('chargebacks', 'bigint', (c) => c.notNull())
    .addColumn('fees', 'bigint', (c) => c.notNull())
    .addColumn('net', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('deposit_program_totals_pk', ['deposit_id', 'program_key'])
    .execute();

  await db.schema
    .alterTable('funding_events')
    .addColumn('deposit_id', 'text', (c) => c.references('deposits.id'))
    .execute();
  await db.schema
    .createIndex('funding_events_deposit_idx')
    .on('funding_events')
    .columns(['deposit_id', 'event_at', 'id'])
    .execute();

  await db.schema
    .createTable('settlement_subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('merchant_id', 'text', (c) => c.notNull().references('merchants.id'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('frequency', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    // The last merchant-local day whose summary was queued: the job sends each period once.
    .addColumn('last_sent_on', date)
    .addColumn('created_at', ts, (c) => c.notNull())
    .addUniqueConstraint('settlement_subscriptions_unique', ['merchant_id', 'email', 'frequency'])
    .addCheckConstraint('settlement_subscriptions_frequency_check', isOneOf('frequency', FREQUENCIES))
    .addCheckConstraint('settlement_subscriptions_locale_check', isOneOf('locale', LOCALES))
    .execute();

  await backfillDeposits(db, dialect, date);
}

/**
 * The ACH day of an event written before this migration: the day the previous release wrote in
 * `deposited_on`, or for an event it had not marked deposited, that release's rule: the next weekday
 * after the bank request day.
 */
function achDayOf(dialect: Dialect): RawBuilder<string> {
  return dialect === 'postgres'
    ? sql`coalesce(deposited_on, bank_requested_on + case extract(isodow from bank_requested_on)
        when 5 then 3 when 6 then 2 else 1 end)`
    : sql`coalesce(deposited_on, date(bank_requested_on, case strftime('%w', bank_requested_on)
        when '5' then '+3 days' when '6' then '+2 days' else '+1 day' end))`;
}

/** How many deposit keys one statement names on SQLite (five parameters each, far below its limit). */
const KEY_BATCH = 500;

/**
 * Deposits for the funding events of a database that had them before this migration, so that its
 * settlement report is not empty: one deposit per merchant and ACH day, its totals and program lines
 * added up as the live code adds each event, and every event pointed at its deposit. Set-based, as a
 * database may hold millions of events. A deposit's id and (but for a rare clash, below) its bank
 * reference are the ones the live code derives from the merchant and the day (sha256 of
 * `merchant:day`), so that a settle or refund of today paid on an already backfilled day adds to that
 * deposit instead of colliding with it.
 */
async function backfillDeposits(db: Kysely<unknown>, dialect: Dialect, date: 'date' | 'text'): Promise<void> {
  const achDay = achDayOf(dialect);
  // A work table, dropped at the end (the migration runs in one database transaction).
  await db.schema
    .createTable('deposit_backfill_keys')
    .addColumn('merchant_id', 'text', (c) => c.notNull())
    .addColumn('deposit_date', date, (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('first_at', timestampType(dialect), (c) => c.notNull())
    .addColumn('last_at', timestampType(dialect), (c) => c.notNull())
    .addColumn('hash', 'text')
    .addColumn('id', 'text')
    .addColumn('bank_reference', 'text')
    .addPrimaryKeyConstraint('deposit_backfill_keys_pk', ['merchant_id', 'deposit_date'])
    .execute();
  // A merchant is paid in its one currency, so the deposit's is that of any of its events.
  await sql`insert into deposit_backfill_keys (merchant_id, deposit_date, currency, first_at, last_at)
    select merchant_id, ${achDay}, min(currency), min(event_at), max(event_at)
    from funding_events group by merchant_id, ${achDay}`.execute(db);

  if (dialect === 'postgres') {
    await sql`update deposit_backfill_keys set hash = encode(sha256(convert_to(
      merchant_id || ':' || to_char(deposit_date, 'YYYY-MM-DD'), 'UTF8')), 'hex')`.execute(db);
    await sql`update deposit_backfill_keys set
        id = substr(hash, 1, 8) || '-' || substr(hash, 9, 4) || '-' || substr(hash, 13, 4) || '-'
          || substr(hash, 17, 4) || '-' || substr(hash, 21, 12),
        bank_reference = 'BRD' || to_char(deposit_date, 'YYYYMMDD') || upper(substr(hash, 33, 8))`.execute(
      db,
    );
  } else {
    // SQLite has no sha256: the keys (one per deposit, never per event) are hashed here and written back.
    const { rows } = await sql<{ merchant_id: string; deposit_date: string }>`
      select merchant_id, deposit_date from deposit_backfill_keys`.execute(db);
    for (let start = 0; start < rows.length; start += KEY_BATCH) {
      const batch = rows.slice(start, start + KEY_BATCH).map((row) => {
        const hex = createHash('sha256').update(`${row.merchant_id}:${row.deposit_date}`).digest('hex');
        const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
        const reference = `BRD${row.deposit_date.replaceAll('-', '')}${hex.slice(32, 40).toUpperCase()}`;
        return sql`(${row.merchant_id}, ${row.deposit_date}, ${hex}, ${id}, ${reference})`;
      });
      await sql`with hashed (m, d, hash, id, reference) as (values ${sql.join(batch)})
        update deposit_backfill_keys set hash = hashed.hash, id = hashed.id, bank_reference = hashed.reference
        from hashed where hashed.m = merchant_id and hashed.d = deposit_date`.execute(db);
    }
  }
  // Created with the first event and updated with the last, as the live code stamps them.
  await sql`insert into deposits (id, merchant_id, deposit_date, bank_reference, currency, event_count,
      settlements, refunds, chargebacks, fees, net, created_at, updated_at)
    select id, merchant_id, deposit_date, bank_reference, currency, 0, 0, 0, 0, 0, 0, first_at, last_at
    from deposit_backfill_keys`.execute(db);
  await sql`update funding_events set deposit_id = (select k.id from deposit_backfill_keys k
    where k.merchant_id = funding_events.merchant_id and k.deposit_date = ${achDay})`.execute(db);
  await db.schema.dropTable('deposit_backfill_keys').execute();

  // The program lines as the live code adds each event (settlement/service.ts sumsOfEvent): refunds,
  // chargebacks and fees as positive amounts, net = amount - fee, and the key '' for no program.
  await sql`insert into deposit_program_totals (deposit_id, program_key, program_id, event_count,
      settlements, refunds, chargebacks, fees, net)
    select f.deposit_id, coalesce(t.program_id, ''), t.program_id, count(*),
      sum(case when f.type = 'SETTLE' then f.amount else 0 end),
      sum(case when f.type = 'REFUND' then -f.amount else 0 end),
      sum(case when f.type = 'CHARGEBACK' then -f.amount else 0 end),
      sum(f.fee), sum(f.amount - f.fee)
    from funding_events f left join transactions t on t.id = f.transaction_id
    group by f.deposit_id, t.program_id`.execute(db);
  // Each deposit the sum of its program lines, so that the two always agree.
  await sql`update deposits set event_count = s.event_count, settlements = s.settlements,
      refunds = s.refunds, chargebacks = s.chargebacks, fees = s.fees, net = s.net
    from (select deposit_id, sum(event_count) as event_count, sum(settlements) as settlements,
        sum(refunds) as refunds, sum(chargebacks) as chargebacks, sum(fees) as fees, sum(net) as net
      from deposit_program_totals group by deposit_id) as s
    where s.deposit_id = deposits.id`.execute(db);
}
