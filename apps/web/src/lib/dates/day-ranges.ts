import { DAY_MS } from '@portal/contracts/constants';

/**
 * Ranges of the merchant's calendar days and the presets that name them, shared by every page that
 * offers a range (the lists' date filter, the settlement report, data insights). Days are plain
 * `YYYY-MM-DD` strings, never instants: the browser's own time zone moves nothing.
 */

/** Two of the merchant's calendar days, `YYYY-MM-DD`, both included. */
export interface DayRange {
  readonly from: string;
  readonly to: string;
}

/** Every preset a page may offer (each page offers its own few, in its own order). */
export const DAY_RANGE_PRESETS = [
  'today',
  'yesterday',
  'last7Days',
  'last30Days',
  'last90Days',
  'thisMonth',
  'lastMonth',
  'yearToDate',
  'last12Months',
] as const;
export type DayRangePreset = (typeof DAY_RANGE_PRESETS)[number];

/** The calendar day (`YYYY-MM-DD`) an instant falls on in a time zone: "today" is the merchant's. */
export function dayIn(timeZone: string, instant: Date): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}

/** A day plus a number of days (negative: earlier), on the calendar, whatever the daylight-saving changes. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The days a preset names, given the merchant's today: each ends today, or with last month. */
export function dayRangeOf(preset: DayRangePreset, today: string): DayRange {
  const month = `${today.slice(0, 8)}01`;
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday':
      return { from: addDays(today, -1), to: addDays(today, -1) };
    case 'last7Days':
      return { from: addDays(today, -6), to: today };
    case 'last30Days':
      return { from: addDays(today, -29), to: today };
    case 'last90Days':
      return { from: addDays(today, -89), to: today };
    case 'thisMonth':
      return { from: month, to: today };
    case 'lastMonth': {
      const lastDay = addDays(month, -1);
      return { from: `${lastDay.slice(0, 8)}01`, to: lastDay };
    }
    case 'yearToDate':
      return { from: `${today.slice(0, 5)}01-01`, to: today };
    case 'last12Months':
      return { from: addDays(today, -364), to: today };
  }
}

/** The range a page shows: a preset, or a custom range with what is wrong with it (null: nothing). */
export interface ChosenDayRange<P extends DayRangePreset, Problem> {
  /** What the range selector shows: a preset, or 'custom'. */
  readonly choice: P | 'custom';
  readonly range: DayRange;
  readonly problem: Problem | null;
}

/**
 * The range a page's URL asks for: a custom one when both ends are there (with its problem, e.g. too
 * long or in the future), else the URL's preset or the page's default, recomputed from today so that a
 * bookmark keeps meaning "the last 7 days".
 */
export function chooseDayRange<P extends DayRangePreset, Problem>(
  url: {
    readonly preset?: P | undefined;
    readonly from?: string | undefined;
    readonly to?: string | undefined;
  },
  defaultPreset: P,
  today: string,
  problemOf: (range: DayRange) => Problem | null,
): ChosenDayRange<P, Problem> {
  if (url.from !== undefined && url.to !== undefined) {
    const range = { from: url.from, to: url.to };
    return { choice: 'custom', range, problem: problemOf(range) };
  }
  const preset = url.preset ?? defaultPreset;
  return { choice: preset, range: dayRangeOf(preset, today), problem: null };
}
