import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { InsightsSplit } from '@portal/contracts/insights';
import { dialectOf } from '../../db/migration-helpers.js';
import type { Database } from '../../db/schema.js';
import { withTransaction } from '../../db/transaction.js';
import type { ZonePeriod } from './zone-periods.js';

/** A range of the merchant's calendar days, both included, and the program selection (none: all). */
export interface RollupFilter {
  merchantId: string;
  from: string;
  to: string;
  programIds: readonly string[] | undefined;
}

export interface RollupSums {
  count: number;
  settledCount: number;
  refundedCount: number;
  gross: number;
  settled: number;
  refunded: number;
}

/** The zone a merchant's roll-up rows were built in; undefined when they were never built. */
export async function rollupZone(db: Kysely<Database>, merchantId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('insights_rollup_zones')
    .select('time_zone')
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
  return row?.time_zone;
}

/**
 * Builds a merchant's roll-up rows in its zone, one statement from its transactions and one from its
 * applications, and records the zone so that the triggers keep both from then on. On PostgreSQL the
 * two tables are locked against writes meanwhile (a few seconds at a million rows, once per merchant
 * and zone change), so that no write falls between the statements' snapshot and the zone its trigger
 * reads. Transactions are locked first, the order in which a purchase writes them.
 */
export async function rebuildRollup(
  db: Kysely<Database>,
  merchantId: string,
  timeZone: string,
  periods: () => ZonePeriod[],
  now: string,
): Promise<void> {
  const dialect = dialectOf(db);
  await withTransaction(db, async (trx) => {
    if (dialect === 'postgres') {
      await sql`lock table transactions, applications in share row exclusive mode`.execute(trx);
    } else {
      const known = await trx
        .selectFrom('insights_zone_periods')
        .select('time_zone')
        .where('time_zone', '=', timeZone)
        .limit(1)
        .executeTakeFirst();
      if (known === undefined) {
        const rows = periods().map((period) => ({ time_zone: timeZone, ...period }));
        for (let start = 0; start < rows.length; start += 200) {
          await trx
            .insertInto('insights_zone_periods')
            .values(rows.slice(start, start + 200))
            .execute();
        }
      }
    }
    await trx
      .insertInto('insights_rollup_zones')
      .values({ merchant_id: merchantId, time_zone: timeZone, built_at: now })
      .onConflict((oc) => oc.column('merchant_id').doUpdateSet({ time_zone: timeZone, built_at: now }))
      .execute();
    await trx.deleteFrom('transaction_local_daily_totals').where('merchant_id', '=', merchantId).execute();
    const day =
      dialect === 'postgres'
        ? sql`(t.created_at at time zone ${timeZone})::date`
        : sql`date(t.created_at, p.offset_minutes || ' minutes')`;
    const periodJoin =
      dialect === 'postgres'
        ? sql``
        : sql`join insights_zone_periods p on p.time_zone = ${timeZone}
            and t.created_at >= p.starts_at and t.created_at < p.ends_at`;
    await sql`
      insert into transaction_local_daily_totals (merchant_id, day, program_id, product_type, channel,
        location_key, count, settled_count, refunded_count, gross, settled, refunded)
      select t.merchant_id, ${day}, t.program_id, t.product_type, t.channel, coalesce(t.location_id, ''),
        count(*), sum(case when t.settled > 0 then 1 else 0 end),
        sum(case when t.refunded > 0 then 1 else 0 end), sum(t.total), sum(t.settled), sum(t.refunded)
      from transactions t ${periodJoin}
      where t.merchant_id = ${merchantId}
      group by 1, 2, 3, 4, 5, 6
    `.execute(trx);
    await trx.deleteFrom('application_local_daily_totals').where('merchant_id', '=', merchantId).execute();
    const applicationDay =
      dialect === 'postgres'
        ? sql`(a.created_at at time zone ${timeZone})::date`
        : sql`date(a.created_at, p.offset_minutes || ' minutes')`;
    const applicationPeriodJoin =
      dialect === 'postgres'
        ? sql``
        : sql`join insights_zone_periods p on p.time_zone = ${timeZone}
            and a.created_at >= p.starts_at and a.created_at < p.ends_at`;
    // SQLite looks each purchase up in the million-row transactions table one by one; the set of the
    // refunded ones, built once, is looked up in memory instead (9 s down to 6 s at three million
    // applications). PostgreSQL hashes the join by itself.
    const refunded =
      dialect === 'postgres'
        ? sql`t.refunded > 0`
        : sql`a.transaction_id in (select id from transactions where refunded > 0)`;
    const purchases =
      dialect === 'postgres' ? sql`left join transactions t on t.id = a.transaction_id` : sql``;
    await sql`
      insert into application_local_daily_totals (merchant_id, day, program_id, product_type, channel,
        location_key, started, applied, approved, declined, purchased, refunded)
      select a.merchant_id, ${applicationDay}, a.program_id, a.product_type, a.channel,
        coalesce(a.location_id, ''), count(*),
        sum(case when a.applied_at is not null then 1 else 0 end),
        sum(case when a.decision = 'APPROVED' then 1 else 0 end),
        sum(case when a.decision = 'DECLINED' then 1 else 0 end),
        sum(case when a.transaction_id is not null then 1 else 0 end),
        sum(case when ${refunded} then 1 else 0 end)
      from applications a ${purchases} ${applicationPeriodJoin}
      where a.merchant_id = ${merchantId}
      group by 1, 2, 3, 4, 5, 6
    `.execute(trx);
  });
}

type RollupQuery = SelectQueryBuilder<Database, 'transaction_local_daily_totals', Record<string, never>>;

function filtered(db: Kysely<Database>, filter: RollupFilter): RollupQuery {
  let query = db
    .selectFrom('transaction_local_daily_totals')
    .where('transaction_local_daily_totals.merchant_id', '=', filter.merchantId)
    .where('transaction_local_daily_totals.day', '>=', filter.from)
    .where('transaction_local_daily_totals.day', '<=', filter.to);
  if (filter.programIds !== undefined) {
    // An empty selection matches nothing, as no program at all would.
    query = query.where('transaction_local_daily_totals.program_id', 'in', [...filter.programIds, '']);
  }
  return query;
}

const sum = (column: string) =>
  sql<number | string | null>`sum(${sql.ref(`transaction_local_daily_totals.${column}`)})`;

/** The sums of the roll-up's rows, as one select list. */
const SUMS = [
  sum('count').as('count'),
  sum('settled_count').as('settled_count'),
  sum('refunded_count').as('refunded_count'),
  sum('gross').as('gross'),
  sum('settled').as('settled'),
  sum('refunded').as('refunded'),
] as const;

interface SumsRow {
  count: number | string | null;
  settled_count: number | string | null;
  refunded_count: number | string | null;
  gross: number | string | null;
  settled: number | string | null;
  refunded: number | string | null;
}

function toSums(row: SumsRow | undefined): RollupSums {
  return {
    count: Number(row?.count ?? 0),
    settledCount: Number(row?.settled_count ?? 0),
    refundedCount: Number(row?.refunded_count ?? 0),
    gross: Number(row?.gross ?? 0),
    settled: Number(row?.settled ?? 0),
    refunded: Number(row?.refunded ?? 0),
  };
}

export async function rollupTotals(db: Kysely<Database>, filter: RollupFilter): Promise<RollupSums> {
  const row = await filtered(db, filter).select(SUMS).executeTakeFirst();
  return toSums(row);
}

/** Sums per day of the range; days without transactions are left out. */
export async function rollupByDay(
  db: Kysely<Database>,
  filter: RollupFilter,
): Promise<(RollupSums & { day: string })[]> {
  const rows = await filtered(db, filter)
    .select(['transaction_local_daily_totals.day', ...SUMS])
    .groupBy('transaction_local_daily_totals.day')
    .orderBy('transaction_local_daily_totals.day')
    .execute();
  return rows.map((row) => ({ day: row.day, ...toSums(row) }));
}

const SPLIT_COLUMNS = {
  program: 'transaction_local_daily_totals.program_id',
  productType: 'transaction_local_daily_totals.product_type',
  location: 'transaction_local_daily_totals.location_key',
  channel: 'transaction_local_daily_totals.channel',
} as const satisfies Record<InsightsSplit, string>;

/** Sums per value of one dimension, largest settled sales first, with the program's or location's name. */
export async function rollupSplit(
  db: Kysely<Database>,
  filter: RollupFilter,
  split: InsightsSplit,
): Promise<(RollupSums & { key: string; name: string | null })[]> {
  const column = SPLIT_COLUMNS[split];
  const rows = await filtered(db, filter)
    .leftJoin('programs', (join) =>
      split === 'program'
        ? join.onRef('programs.id', '=', 'transaction_local_daily_totals.program_id')
        : join.on(sql<boolean>`1 = 0`),
    )
    .leftJoin('locations', (join) =>
      split === 'location'
        ? join
            .onRef('locations.id', '=', 'transaction_local_daily_totals.location_key')
            .on('locations.merchant_id', '=', filter.merchantId)
        : join.on(sql<boolean>`1 = 0`),
    )
    .select((eb) => [
      eb.ref(column).as('key'),
      eb.fn.max(eb.fn.coalesce('programs.name', 'locations.name')).as('name'),
      ...SUMS,
    ])
    .groupBy(column)
    .orderBy('settled', 'desc')
    .orderBy('key')
    .execute();
  return rows.map((row) => ({ key: row.key, name: row.name ?? null, ...toSums(row) }));
}

/** How far the applications begun in a range of the merchant's days went. */
export interface FunnelCounts {
  started: number;
  applied: number;
  approved: number;
  declined: number;
  purchased: number;
  refunded: number;
}

/** The application roll-up's counts over a range of days (and the program selection). */
export async function applicationFunnel(db: Kysely<Database>, filter: RollupFilter): Promise<FunnelCounts> {
  const total = (column: keyof FunnelCounts) =>
    sql<number | string | null>`sum(${sql.ref(`application_local_daily_totals.${column}`)})`.as(column);
  let query = db
    .selectFrom('application_local_daily_totals')
    .where('application_local_daily_totals.merchant_id', '=', filter.merchantId)
    .where('application_local_daily_totals.day', '>=', filter.from)
    .where('application_local_daily_totals.day', '<=', filter.to);
  if (filter.programIds !== undefined) {
    // An empty selection matches nothing, as no program at all would.
    query = query.where('application_local_daily_totals.program_id', 'in', [...filter.programIds, '']);
  }
  const row = await query
    .select([
      total('started'),
      total('applied'),
      total('approved'),
      total('declined'),
      total('purchased'),
      total('refunded'),
    ])
    .executeTakeFirst();
  return {
    started: Number(row?.started ?? 0),
    applied: Number(row?.applied ?? 0),
    approved: Number(row?.approved ?? 0),
    declined: Number(row?.declined ?? 0),
    purchased: Number(row?.purchased ?? 0),
    refunded: Number(row?.refunded ?? 0),
  };
}
