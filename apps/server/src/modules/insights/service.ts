import type { Kysely } from 'kysely';
import {
  INSIGHTS_SPLITS,
  addDays,
  comparisonPeriods,
  defaultGranularity,
  insightsRangeProblem,
  periodStart,
  type Insights,
  type InsightsMetrics,
  type InsightsQuery,
  type InsightsSeriesPoint,
  type InsightsSplit,
  type InsightsSplitRow,
} from '@portal/contracts/insights';
import type { Currency } from '@portal/contracts/money';
import { fieldRefusal } from '@portal/contracts/refusals';
import type { Database } from '../../db/schema.js';
import { refused, unprocessable } from '../../http/app-error.js';
import { ZonedTimeFormatter } from '../../lib/time-zone.js';
import { merchantContext } from '../merchants/service.js';
import {
  applicationFunnel,
  rebuildRollup,
  rollupByDay,
  rollupSplit,
  rollupTotals,
  rollupZone,
  type FunnelCounts,
  type RollupFilter,
  type RollupSums,
} from './repository.js';
import { zonePeriods } from './zone-periods.js';

/** The merchant's calendar day at an instant. */
function localDay(timeZone: string, now: Date): string {
  return new ZonedTimeFormatter(timeZone).formatInstant(now.getTime()).slice(0, 10);
}

/**
 * The roll-up rows (transactions and applications) are per day of the zone they were built in: built
 * on a merchant's first call, and again in its new zone after the merchant changed it.
 */
async function ensureRollup(db: Kysely<Database>, merchantId: string, timeZone: string, now: Date) {
  if ((await rollupZone(db, merchantId)) === timeZone) return;
  await rebuildRollup(db, merchantId, timeZone, () => zonePeriods(timeZone), now.toISOString());
}

/** How often the server looks for merchants whose roll-ups are missing or in an old zone. */
export const INSIGHTS_ROLLUP_POLL_MS = 10 * 60_000;

/**
 * Builds the roll-ups of every merchant that has none, or has them in a zone it no longer uses, so that
 * a merchant's first visit to its insights (and the first after a zone change) does not wait for them.
 * One merchant at a time: each build is its own transaction. The visit still builds them if it comes
 * first. Returns how many were built.
 */
export async function buildMissingRollups(db: Kysely<Database>, now: Date = new Date()): Promise<number> {
  const stale = await db
    .selectFrom('merchants as m')
    .leftJoin('insights_rollup_zones as z', 'z.merchant_id', 'm.id')
    .select(['m.id', 'm.time_zone'])
    .where((eb) => eb.or([eb('z.time_zone', 'is', null), eb('z.time_zone', '!=', eb.ref('m.time_zone'))]))
    .orderBy('m.id')
    .execute();
  for (const merchant of stale) await ensureRollup(db, merchant.id, merchant.time_zone, now);
  return stale.length;
}

const rate = (part: number, whole: number) => (whole > 0 ? part / whole : null);

function metricsOf(sums: RollupSums, funnel: FunnelCounts, currency: Currency): InsightsMetrics {
  return {
    settledSales: { currency, value: sums.settled },
    transactionCount: sums.count,
    averageOrderValue:
      sums.settledCount > 0 ? { currency, value: Math.round(sums.settled / sums.settledCount) } : null,
    refundRate: rate(sums.refunded, sums.settled),
    applications: funnel.applied,
    approvalRate: rate(funnel.approved, funnel.approved + funnel.declined),
  };
}

/** Every period of the range, in order, with zeros where nothing happened. */
function seriesOf(
  days: readonly (RollupSums & { day: string })[],
  from: string,
  to: string,
  granularity: Insights['granularity'],
): InsightsSeriesPoint[] {
  const points = new Map<string, InsightsSeriesPoint>();
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const period = periodStart(day, granularity);
    if (!points.has(period)) {
      points.set(period, { period, settledSales: 0, transactionCount: 0, refunded: 0 });
    }
  }
  for (const row of days) {
    const point = points.get(periodStart(row.day, granularity));
    if (point === undefined) continue;
    point.settledSales += row.settled;
    point.transactionCount += row.count;
    point.refunded += row.refunded;
  }
  return [...points.values()];
}

function splitRows(rows: readonly (RollupSums & { key: string; name: string | null })[]): InsightsSplitRow[] {
  return rows.map((row) => ({
    // The roll-up keeps '' for "no location" (online sales).
    key: row.key === '' ? null : row.key,
    name: row.name,
    settledSales: row.settled,
    transactionCount: row.count,
  }));
}

/** The figures of a range of the merchant's days, its comparisons, series and splits. */
export async function insightsFor(
  db: Kysely<Database>,
  merchantId: string,
  query: InsightsQuery,
  now: Date = new Date(),
): Promise<Insights> {
  const { timeZone, currency } = await merchantContext(db, merchantId);
  const problem = insightsRangeProblem(query.from, query.to, localDay(timeZone, now));
  if (problem !== null) throw unprocessable(refused(problem), [fieldRefusal('query.to', problem)]);
  await ensureRollup(db, merchantId, timeZone, now);

  const current = { from: query.from, to: query.to };
  const { previous, lastYear } = comparisonPeriods(query.from, query.to);
  const granularity = query.granularity ?? defaultGranularity(query.from, query.to);
  const filterOf = (range: { from: string; to: string }): RollupFilter => ({
    merchantId,
    ...range,
    programIds: query.programID,
  });

  const [currentSums, previousSums, lastYearSums, days, ...splits] = await Promise.all([
    rollupTotals(db, filterOf(current)),
    rollupTotals(db, filterOf(previous)),
    rollupTotals(db, filterOf(lastYear)),
    rollupByDay(db, filterOf(current)),
    ...INSIGHTS_SPLITS.map((split) => rollupSplit(db, filterOf(current), split)),
  ]);
  const [currentFunnel, previousFunnel, lastYearFunnel] = await Promise.all([
    applicationFunnel(db, filterOf(current)),
    applicationFunnel(db, filterOf(previous)),
    applicationFunnel(db, filterOf(lastYear)),
  ]);
  const splitOf = (split: InsightsSplit) => splitRows(splits[INSIGHTS_SPLITS.indexOf(split)] ?? []);

  return {
    timeZone,
    currency,
    asOf: now,
    granularity,
    periods: { current, previous, lastYear },
    metrics: {
      current: metricsOf(currentSums, currentFunnel, currency),
      previous: metricsOf(previousSums, previousFunnel, currency),
      lastYear: metricsOf(lastYearSums, lastYearFunnel, currency),
    },
    series: seriesOf(days, query.from, query.to, granularity),
    splits: {
      program: splitOf('program'),
      productType: splitOf('productType'),
      location: splitOf('location'),
      channel: splitOf('channel'),
    },
    funnel: {
      checkoutStarted: currentFunnel.started,
      applied: currentFunnel.applied,
      approved: currentFunnel.approved,
      purchased: currentFunnel.purchased,
      refunded: currentFunnel.refunded,
    },
  };
}
