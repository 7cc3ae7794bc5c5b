import { dayIn, dayRangeOf, type DayRange, type DayRangePreset } from '../../../lib/dates/day-ranges';

/** The ranges the lists' date filter offers, each a pair of days (both included) in the merchant's time zone. */
export const DATE_RANGE_PRESETS = [
  'today',
  'last7Days',
  'last30Days',
  'last90Days',
  'thisMonth',
] as const satisfies readonly DayRangePreset[];
export type DateRangePreset = (typeof DATE_RANGE_PRESETS)[number];

/** A preset's days as of `now`, today being the merchant's. */
export function presetRange(preset: DateRangePreset, timeZone: string, now: Date): DayRange {
  return dayRangeOf(preset, dayIn(timeZone, now));
}
