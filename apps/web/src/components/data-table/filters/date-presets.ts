import { DAY_MS } from '@portal/contracts/constants';

/** The ranges the date filter offers, each a pair of days (both included) in the merchant's time zone. */
export const DATE_RANGE_PRESETS = ['today', 'last7Days', 'last30Days', 'last90Days', 'thisMonth'] as const;
export type DateRangePreset = (typeof DATE_RANGE_PRESETS)[number];

export interface DayRange {
  readonly from: string;
  readonly to: string;
}

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

export function presetRange(preset: DateRangePreset, timeZone: string, now: Date): DayRange {
  const today = dayIn(timeZone, now);
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'last7Days':
      return { from: addDays(today, -6), to: today };
    case 'last30Days':
      return { from: addDays(today, -29), to: today };
    case 'last90Days':
      return { from: addDays(today, -89), to: today };
    case 'thisMonth':
      return { from: `${today.slice(0, 8)}01`, to: today };
  }
}
