import { zoneOffsetMs } from '../../lib/time-zone.js';

/** A zone's UTC offset from `starts_at` (included) to `ends_at` (excluded), as ISO text in UTC. */
export interface ZonePeriod {
  starts_at: string;
  ends_at: string;
  offset_minutes: number;
}

const FIRST = Date.UTC(1970, 0, 1);
const LAST = Date.UTC(2100, 0, 1);
const STEP_MS = 7 * 86_400_000;
const MINUTE_MS = 60_000;

const offsetMinutes = (timeZone: string, instant: number) =>
  Math.round(zoneOffsetMs(timeZone, instant) / MINUTE_MS);

/**
 * The periods of constant offset of a zone from 1970 to 2100, for SQLite, which has no time-zone
 * database: the triggers and the roll-up's rebuild read the merchant's day from them. Zones change
 * their offset at most a few times a year, so a weekly walk finds every change and a bisection its
 * minute.
 */
export function zonePeriods(timeZone: string): ZonePeriod[] {
  const periods: ZonePeriod[] = [];
  let start = FIRST;
  let offset = offsetMinutes(timeZone, FIRST);
  for (let probe = FIRST + STEP_MS; probe < LAST + STEP_MS; probe += STEP_MS) {
    const at = Math.min(probe, LAST);
    if (offsetMinutes(timeZone, at) === offset) continue;
    let low = at - STEP_MS;
    let high = at;
    while (high - low > MINUTE_MS) {
      const middle = low + Math.floor((high - low) / 2 / MINUTE_MS) * MINUTE_MS;
      if (offsetMinutes(timeZone, middle) === offset) low = middle;
      else high = middle;
    }
    periods.push(period(start, high, offset));
    start = high;
    offset = offsetMinutes(timeZone, high);
  }
  // Far past and far future: the first and last offsets hold.
  periods.push(period(start, Date.UTC(9999, 0, 1), offset));
  if (periods[0] !== undefined) periods[0].starts_at = '0000-01-01T00:00:00.000Z';
  return periods;
}

function period(from: number, to: number, offset: number): ZonePeriod {
  return {
    starts_at: new Date(from).toISOString(),
    ends_at: new Date(to).toISOString(),
    offset_minutes: offset,
  };
}
