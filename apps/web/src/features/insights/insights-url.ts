import {
  INSIGHTS_GRANULARITIES,
  insightsRangeProblem,
  type InsightsGranularity,
  type InsightsRangeProblem,
} from '@portal/contracts/insights';
import { z } from 'zod';
import { chooseDayRange, type ChosenDayRange, type DayRangePreset } from '../../lib/dates/day-ranges';
import { defineUrlState } from '../../lib/url-state/url-state';
import { urlDay } from '../../lib/url-state/url-params';

/** The ranges offered in one click, each ending today (the merchant's today) or with last month. */
export const INSIGHTS_PRESETS = [
  'last7Days',
  'last30Days',
  'last90Days',
  'thisMonth',
  'lastMonth',
  'yearToDate',
  'last12Months',
] as const satisfies readonly DayRangePreset[];
export type InsightsPreset = (typeof INSIGHTS_PRESETS)[number];
const DEFAULT_PRESET: InsightsPreset = 'last30Days';

/**
 * The page's state in the URL: a preset (recomputed each day, so a bookmark keeps meaning "the last 30
 * days"), or a custom range of the merchant's days; the chart's granularity when the user chose one.
 */
export const insightsUrl = defineUrlState({
  preset: z.enum(INSIGHTS_PRESETS).optional(),
  from: urlDay(),
  to: urlDay(),
  granularity: z.enum(INSIGHTS_GRANULARITIES).optional(),
});
export type InsightsUrlState = typeof insightsUrl.defaults;

export interface ChosenRange extends ChosenDayRange<InsightsPreset, InsightsRangeProblem> {
  readonly granularity: InsightsGranularity | undefined;
}

/** The range the URL asks for: a custom one when both ends are there, else its preset or the default. */
export function chosenRange(state: InsightsUrlState, today: string): ChosenRange {
  return {
    ...chooseDayRange(state, DEFAULT_PRESET, today, (range) =>
      insightsRangeProblem(range.from, range.to, today),
    ),
    granularity: state.granularity,
  };
}
