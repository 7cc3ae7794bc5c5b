import { sql, type Kysely } from 'kysely';
import { dialectOf, timestampType, type Dialect } from '../migration-helpers.js';

/** The columns of a roll-up row's key, in the order of its primary key. */
const KEY = 'merchant_id, day, program_id, product_type, channel, location_key';

/**
 * Data insights (docs/decisions/0011-insights-roll-ups.md): counts and sums per merchant and calendar
 * day in the merchant's own time zone, so that a day of the charts holds exactly the transactions the
 * merchant sees on that day, whatever the number of transactions.
 *
 * - `transaction_local_daily_totals`: kept by triggers on `transactions`, for the merchants listed in
 *   `insights_rollup_zones` with the zone their rows were built in. The application builds a merchant's
 *   rows in one statement on the first insights call, and again when the merchant's zone changed.
 * - `insights_zone_periods` (SQLite only, which has no time-zone database): the UTC offset of a zone from
 *   each instant on, written by the application for the zones in use.
 * Frozen once landed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  const ts = timestampType(dialect);

  await db.schema
    .createTable('insights_rollup_zones')
    .addColumn('merchant_id', 'text', (c) => c.primaryKey().references('merchants.id'))
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('built_at', ts, (c) => c.notNull())
    .execute();

  let rollup = db.schema
    .createTable('transaction_local_daily_totals')
    .addColumn('merchant_id', 'text', (c) => c.notNull())
    .addColumn('day', dialect === 'postgres' ? 'date' : 'text', (c) => c.notNull())
    .addColumn('program_id', 'text', (c) => c.notNull())
    .addColumn('product_type', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    // The location id, or '' for none: a primary key takes no nulls.
    .addColumn('location_key', 'text', (c) => c.notNull())
    .addColumn('count', 'bigint', (c) => c.notNull())
    // Transactions with something settled, and with something refunded.
    .addColumn('settled_count', 'bigint', (c) => c.notNull())
    .addColumn('refunded_count', 'bigint', (c) => c.notNull())
    .addColumn('gross', 'bigint', (c) => c.notNull())
    .addColumn('settled', 'bigint', (c) => c.notNull())
    .addColumn('refunded', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('transaction_local_daily_totals_pkey', [
      'merchant_id',
      'day',
      'program_id',
      'product_type',
      'channel',
      'location_key',
    ]);
  // Stored in key order on SQLite, so that a merchant's days are read as one range.
  if (dialect === 'sqlite') rollup = rollup.modifyEnd(sql`without rowid`);
  await rollup.execute();

  if (dialect === 'sqlite') {
    await db.schema
      .createTable('insights_zone_periods')
      .addColumn('time_zone', 'text', (c) => c.notNull())
      .addColumn('starts_at', 'text', (c) => c.notNull())
      .addColumn('ends_at', 'text', (c) => c.notNull())
      .addColumn('offset_minutes', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('insights_zone_periods_pkey', ['time_zone', 'starts_at'])
      .modifyEnd(sql`without rowid`)
      .execute();
  }
  await createTriggers(db, dialect);
}

/** The values of one roll-up row for one transaction row, signed: +1 adds it, -1 takes it away. */
function values(row: string, sign: '' | '-'): string {
  return `${sign}1, ${sign}(case when ${row}.settled > 0 then 1 else 0 end),
    ${sign}(case when ${row}.refunded > 0 then 1 else 0 end),
    ${sign}${row}.total, ${sign}${row}.settled, ${sign}${row}.refunded`;
}

const ON_CONFLICT_SQLITE = `on conflict (${KEY}) do update set count = count + excluded.count,
  settled_count = settled_count + excluded.settled_count,
  refunded_count = refunded_count + excluded.refunded_count,
  gross = gross + excluded.gross, settled = settled + excluded.settled,
  refunded = refunded + excluded.refunded`;

async function createTriggers(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const watched =
    'merchant_id, program_id, location_id, product_type, channel, total, settled, refunded, created_at';
  if (dialect === 'sqlite') {
    // A merchant not in insights_rollup_zones has no rows yet: its first insights call builds them.
    // The offset is always found (the periods cover 1970 to 2100); 0 only keeps a write from failing.
    const add = (row: 'new' | 'old', sign: '' | '-') => `
      insert into transaction_local_daily_totals (${KEY}, count, settled_count, refunded_count, gross,
        settled, refunded)
      select ${row}.merchant_id,
        date(${row}.created_at, coalesce((select p.offset_minutes from insights_zone_periods p
          where p.time_zone = z.time_zone and p.starts_at <= ${row}.created_at
          order by p.starts_at desc limit 1), 0) || ' minutes'),
        ${row}.program_id, ${row}.product_type, ${row}.channel, coalesce(${row}.location_id, ''),
        ${values(row, sign)}
      from insights_rollup_zones z where z.merchant_id = ${row}.merchant_id
      ${ON_CONFLICT_SQLITE};`;
    await sql
      .raw(
        `create trigger transactions_local_daily_totals_insert after insert on transactions
        begin ${add('new', '')} end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger transactions_local_daily_totals_update after update of ${watched} on transactions
        begin ${add('old', '-')} ${add('new', '')} end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger transactions_local_daily_totals_delete after delete on transactions
        begin ${add('old', '-')} end`,
      )
      .execute(db);
    return;
  }

  await sql
    .raw(
      `create function transaction_local_daily_totals_add(tx transactions, sign bigint) returns void
      language sql as $$
        insert into transaction_local_daily_totals (${KEY}, count, settled_count, refunded_count, gross,
          settled, refunded)
        select tx.merchant_id, (tx.created_at at time zone z.time_zone)::date, tx.program_id,
          tx.product_type, tx.channel, coalesce(tx.location_id, ''),
          sign, sign * (case when tx.settled > 0 then 1 else 0 end),
          sign * (case when tx.refunded > 0 then 1 else 0 end),
          sign * tx.total, sign * tx.settled, sign * tx.refunded
        from insights_rollup_zones z where z.merchant_id = tx.merchant_id
        on conflict (${KEY}) do update set
          count = transaction_local_daily_totals.count + excluded.count,
          settled_count = transaction_local_daily_totals.settled_count + excluded.settled_count,
          refunded_count = transaction_local_daily_totals.refunded_count + excluded.refunded_count,
          gross = transaction_local_daily_totals.gross + excluded.gross,
          settled = transaction_local_daily_totals.settled + excluded.settled,
          refunded = transaction_local_daily_totals.refunded + excluded.refunded
      $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create function transactions_local_daily_totals() returns trigger language plpgsql as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') then
          perform transaction_local_daily_totals_add(old, -1);
        end if;
        if tg_op in ('UPDATE', 'INSERT') then
          perform transaction_local_daily_totals_add(new, 1);
        end if;
        return null;
      end
      $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger transactions_local_daily_totals after insert or update of ${watched} or delete
      on transactions for each row execute function transactions_local_daily_totals()`,
    )
    .execute(db);
}
