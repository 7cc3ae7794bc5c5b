import { sql, type Kysely } from 'kysely';
import { dialectOf, type Dialect } from '../migration-helpers.js';

/** The columns of a roll-up row's key, in the order of its primary key. */
const KEY = 'merchant_id, day, program_id, product_type, channel, location_key';
const COUNTS = 'started, applied, approved, declined, purchased, refunded';

/**
 * Data insights' application figures (docs/decisions/0011-insights-roll-ups.md): how far the
 * applications begun on each merchant-local day went, per program, product, channel and location, so
 * that the applications, approval rate and funnel cost the same whatever the number of applications.
 *
 * `application_local_daily_totals` is built with `transaction_local_daily_totals` (0017) for the
 * merchants of `insights_rollup_zones`, in the zone recorded there (SQLite reads its offsets from
 * `insights_zone_periods`), and kept by triggers on `applications` (every counted step) and on
 * `transactions` (a purchase's refund). The zone rows are emptied here, so that every merchant's next
 * insights call rebuilds both roll-ups together. Frozen once landed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);

  let rollup = db.schema
    .createTable('application_local_daily_totals')
    .addColumn('merchant_id', 'text', (c) => c.notNull())
    .addColumn('day', dialect === 'postgres' ? 'date' : 'text', (c) => c.notNull())
    .addColumn('program_id', 'text', (c) => c.notNull())
    .addColumn('product_type', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    // The location id, or '' for none: a primary key takes no nulls.
    .addColumn('location_key', 'text', (c) => c.notNull())
    // Applications begun, and those that reached each step since.
    .addColumn('started', 'bigint', (c) => c.notNull())
    .addColumn('applied', 'bigint', (c) => c.notNull())
    .addColumn('approved', 'bigint', (c) => c.notNull())
    .addColumn('declined', 'bigint', (c) => c.notNull())
    .addColumn('purchased', 'bigint', (c) => c.notNull())
    // Purchases (from these applications) with something refunded.
    .addColumn('refunded', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('application_local_daily_totals_pkey', [
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

  // The transaction roll-ups stay, but a merchant without application rows must be rebuilt before
  // its next call: forgetting its zone does that (the rebuild deletes and writes both).
  await sql`delete from insights_rollup_zones`.execute(db);
  await createTriggers(db, dialect);
}

/** The counts of one application row, signed: +1 adds it, -1 takes it away. */
function counts(row: string, sign: '' | '-'): string {
  const one = (condition: string) => `${sign}(case when ${condition} then 1 else 0 end)`;
  return `${sign}1, ${one(`${row}.applied_at is not null`)}, ${one(`${row}.decision = 'APPROVED'`)},
    ${one(`${row}.decision = 'DECLINED'`)}, ${one(`${row}.transaction_id is not null`)},
    ${one(`exists (select 1 from transactions t where t.id = ${row}.transaction_id and t.refunded > 0)`)}`;
}

function onConflict(table: string): string {
  const add = (column: string) => `${column} = ${table}.${column} + excluded.${column}`;
  return `on conflict (${KEY}) do update set ${COUNTS.split(', ').map(add).join(', ')}`;
}

async function createTriggers(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const watched =
    'merchant_id, program_id, channel, product_type, location_id, applied_at, decision, transaction_id, created_at';
  if (dialect === 'sqlite') {
    // The offset is always found (the periods cover 1970 to 2100); 0 only keeps a write from failing.
    const day = (row: string) => `date(${row}.created_at, coalesce((select p.offset_minutes
      from insights_zone_periods p where p.time_zone = z.time_zone and p.starts_at <= ${row}.created_at
      order by p.starts_at desc limit 1), 0) || ' minutes')`;
    const add = (row: 'new' | 'old', sign: '' | '-') => `
      insert into application_local_daily_totals (${KEY}, ${COUNTS})
      select ${row}.merchant_id, ${day(row)}, ${row}.program_id, ${row}.product_type, ${row}.channel,
        coalesce(${row}.location_id, ''), ${counts(row, sign)}
      from insights_rollup_zones z where z.merchant_id = ${row}.merchant_id
      ${onConflict('application_local_daily_totals')};`;
    await sql
      .raw(
        `create trigger applications_local_daily_totals_insert after insert on applications
        begin ${add('new', '')} end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger applications_local_daily_totals_update after update of ${watched} on applications
        begin ${add('old', '-')} ${add('new', '')} end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger applications_local_daily_totals_delete after delete on applications
        begin ${add('old', '-')} end`,
      )
      .execute(db);
    // A purchase refunded for the first time (or no longer) moves the refunded step of its application.
    await sql
      .raw(
        `create trigger transactions_application_local_daily_totals after update of refunded
        on transactions when (old.refunded > 0) <> (new.refunded > 0)
        begin
          insert into application_local_daily_totals (${KEY}, ${COUNTS})
          select a.merchant_id, ${day('a')}, a.program_id, a.product_type, a.channel,
            coalesce(a.location_id, ''), 0, 0, 0, 0, 0, case when new.refunded > 0 then 1 else -1 end
          from applications a join insights_rollup_zones z on z.merchant_id = a.merchant_id
          where a.transaction_id = new.id
          ${onConflict('application_local_daily_totals')};
        end`,
      )
      .execute(db);
    return;
  }

  await sql
    .raw(
      `create function application_local_daily_totals_add(app applications, sign bigint) returns void
      language sql as $$
        insert into application_local_daily_totals (${KEY}, ${COUNTS})
        select app.merchant_id, (app.created_at at time zone z.time_zone)::date, app.program_id,
          app.product_type, app.channel, coalesce(app.location_id, ''),
          sign, sign * (case when app.applied_at is not null then 1 else 0 end),
          sign * (case when app.decision = 'APPROVED' then 1 else 0 end),
          sign * (case when app.decision = 'DECLINED' then 1 else 0 end),
          sign * (case when app.transaction_id is not null then 1 else 0 end),
          sign * (case when exists (select 1 from transactions t
            where t.id = app.transaction_id and t.refunded > 0) then 1 else 0 end)
        from insights_rollup_zones z where z.merchant_id = app.merchant_id
        ${onConflict('application_local_daily_totals')}
      $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create function applications_local_daily_totals() returns trigger language plpgsql as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') then
          perform application_local_daily_totals_add(old, -1);
        end if;
        if tg_op in ('UPDATE', 'INSERT') then
          perform application_local_daily_totals_add(new, 1);
        end if;
        return null;
      end
      $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger applications_local_daily_totals after insert or update of ${watched} or delete
      on applications for each row execute function applications_local_daily_totals()`,
    )
    .execute(db);
  // A purchase refunded for the first time (or no longer) moves the refunded step of its application.
  await sql
    .raw(
      `create function transactions_application_local_daily_totals() returns trigger
      language plpgsql as $$
      begin
        insert into application_local_daily_totals (${KEY}, ${COUNTS})
        select a.merchant_id, (a.created_at at time zone z.time_zone)::date, a.program_id,
          a.product_type, a.channel, coalesce(a.location_id, ''), 0, 0, 0, 0, 0,
          case when new.refunded > 0 then 1 else -1 end
        from applications a join insights_rollup_zones z on z.merchant_id = a.merchant_id
        where a.transaction_id = new.id
        ${onConflict('application_local_daily_totals')};
        return null;
      end
      $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger transactions_application_local_daily_totals after update of refunded
      on transactions for each row when ((old.refunded > 0) <> (new.refunded > 0))
      execute function transactions_application_local_daily_totals()`,
    )
    .execute(db);
}
