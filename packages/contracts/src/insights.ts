import { z } from 'zod';
import { DAY_MS } from './constants.js';
import { dateTime } from './date-time.js';
import { CURRENCIES, moneySchema } from './money.js';

/**
 * Data insights (PRODUCT.md, "Data insights"): the merchant's figures for a range of calendar days in
 * its own time zone, beside the period before and the same period a year earlier.
 */

export const INSIGHTS_GRANULARITIES = ['day', 'week', 'month'] as const;
export type InsightsGranularity = (typeof INSIGHTS_GRANULARITIES)[number];

export const INSIGHTS_SPLITS = ['program', 'productType', 'location', 'channel'] as const;
export type InsightsSplit = (typeof INSIGHTS_SPLITS)[number];

/** A range may hold at most this many days (two years, one of them a leap year). */
export const MAX_INSIGHTS_RANGE_DAYS = 731;

/** The refusal codes of a range, next to the end date they are about. */
export type InsightsRangeProblem =
  'insights.range_end_before_start' | 'insights.range_in_future' | 'insights.range_too_long';

function dayNumber(day: string): number {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  return Date.UTC(year, month - 1, date) / DAY_MS;
}

function dayOfNumber(value: number): string {
  return new Date(value * DAY_MS).toISOString().slice(0, 10);
}

/** `day` (`YYYY-MM-DD`) moved by a number of calendar days. */
export function addDays(day: string, days: number): string {
  return dayOfNumber(dayNumber(day) + days);
}

/** Days from `from` to `to`, both included. */
export function daysInRange(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from) + 1;
}

/** The same calendar day a year earlier; 29 February becomes 28 February. */
export function sameDayLastYear(day: string): string {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  const shifted = new Date(Date.UTC(year - 1, month - 1, date));
  // Date.UTC rolls 29 February of a common year over to 1 March.
  if (shifted.getUTCMonth() !== month - 1) shifted.setUTCDate(0);
  return shifted.toISOString().slice(0, 10);
}

/** Why a range is refused, or null; `today` is the merchant's calendar day now. */
export function insightsRangeProblem(from: string, to: string, today: string): InsightsRangeProblem | null {
  if (to < from) return 'insights.range_end_before_start';
  if (to > today) return 'insights.range_in_future';
  if (daysInRange(from, to) > MAX_INSIGHTS_RANGE_DAYS) return 'insights.range_too_long';
  return null;
}

/** Shorter ranges read best by day, longer ones by week, the longest by month. */
export function defaultGranularity(from: string, to: string): InsightsGranularity {
  const days = daysInRange(from, to);
  if (days <= 31) return 'day';
  if (days <= 184) return 'week';
  return 'month';
}

/** The first day of the period (week from Monday, or month) that holds `day`. */
export function periodStart(day: string, granularity: InsightsGranularity): string {
  if (granularity === 'day') return day;
  if (granularity === 'month') return `${day.slice(0, 7)}-01`;
  // 1970-01-01 was a Thursday: day number 0 is weekday 3 counted from Monday.
  const value = dayNumber(day);
  return dayOfNumber(value - ((value + 3) % 7));
}

/** The period before (as long, ending the day before `from`) and the same days a year earlier. */
export function comparisonPeriods(from: string, to: string) {
  const length = daysInRange(from, to);
  return {
    previous: { from: addDays(from, -length), to: addDays(from, -1) },
    lastYear: { from: sameDayLastYear(from), to: sameDayLastYear(to) },
  };
}

const idText = z.string().trim().min(1).max(100);

/** Repeated parameters (`programID=A&programID=B`) or one comma-separated (`programID=A,B`). */
const programIds = z.preprocess((value: unknown) => {
  if (value === undefined) return undefined;
  const parts: unknown[] = Array.isArray(value) ? value : [value];
  return parts
    .flatMap((part) => (typeof part === 'string' ? part.split(',') : [part]))
    .filter((part) => part !== '');
}, z.array(idText).max(500).optional());

/**
 * `from` and `to` are days in the merchant's time zone, both included; the program selection of the
 * header arrives as `programID` (none: every program). The server refuses an end before the start, an
 * end after today and a range of more than MAX_INSIGHTS_RANGE_DAYS (422, a refusal on `query.to`).
 */
export const insightsQuerySchema = z.strictObject({
  from: z.iso.date(),
  to: z.iso.date(),
  programID: programIds,
  /** Left out: chosen from the range's length (defaultGranularity). */
  granularity: z.enum(INSIGHTS_GRANULARITIES).optional(),
});
export type InsightsQuery = z.output<typeof insightsQuerySchema>;

const daySchema = z.iso.date();
const rangeSchema = z.object({ from: daySchema, to: daySchema });
/** A share from 0 to 1; null where there is nothing to divide by. */
const rateSchema = z.number().min(0).nullable();

export const insightsMetricsSchema = z.object({
  /** What was settled on the transactions created in the period. */
  settledSales: moneySchema,
  transactionCount: z.number().int().nonnegative(),
  /** Settled sales over the transactions with something settled. */
  averageOrderValue: z.nullable(moneySchema),
  /** Refunded over settled. */
  refundRate: rateSchema,
  /** Applications begun in the period that reached the application step. */
  applications: z.number().int().nonnegative(),
  /** Approved over decided applications. */
  approvalRate: rateSchema,
});
export type InsightsMetrics = z.infer<typeof insightsMetricsSchema>;

/** One period of the chart over time: amounts in minor units of the answer's currency. */
export const insightsSeriesPointSchema = z.object({
  /** The first day of the period (a Monday for weeks). */
  period: daySchema,
  settledSales: z.number().int(),
  transactionCount: z.number().int().nonnegative(),
  refunded: z.number().int(),
});
export type InsightsSeriesPoint = z.infer<typeof insightsSeriesPointSchema>;

export const insightsSplitRowSchema = z.object({
  /** The program or location id, the product type or the channel; null: no location (online). */
  key: z.string().nullable(),
  /** A program's or location's name; null where the portal names the key itself. */
  name: z.string().nullable(),
  settledSales: z.number().int(),
  transactionCount: z.number().int().nonnegative(),
});
export type InsightsSplitRow = z.infer<typeof insightsSplitRowSchema>;

export const FUNNEL_STEPS = ['checkoutStarted', 'applied', 'approved', 'purchased', 'refunded'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

export const insightsSchema = z.object({
  /** The merchant's IANA time zone, in which every day of the answer is read. */
  timeZone: z.string(),
  currency: z.enum(CURRENCIES),
  /** When the figures were read. */
  asOf: dateTime,
  granularity: z.enum(INSIGHTS_GRANULARITIES),
  periods: z.object({ current: rangeSchema, previous: rangeSchema, lastYear: rangeSchema }),
  metrics: z.object({
    current: insightsMetricsSchema,
    previous: insightsMetricsSchema,
    lastYear: insightsMetricsSchema,
  }),
  series: z.array(insightsSeriesPointSchema),
  splits: z.object({
    program: z.array(insightsSplitRowSchema),
    productType: z.array(insightsSplitRowSchema),
    location: z.array(insightsSplitRowSchema),
    channel: z.array(insightsSplitRowSchema),
  }),
  /**
   * How far the applications begun in the period went, each step counting those that reached it:
   * begun (checkout started), applied, approved, purchased, and purchases later refunded.
   */
  funnel: z.record(z.enum(FUNNEL_STEPS), z.number().int().nonnegative()),
});
export type Insights = z.infer<typeof insightsSchema>;
