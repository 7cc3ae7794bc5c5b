import { DAY_MS } from '@portal/contracts/constants';

/** Whose banks: the brand's country (`BRAND_PROFILES`). */
export type BankCountry = 'US' | 'CA';

/** A calendar day as milliseconds at its UTC midnight, and back to `YYYY-MM-DD`. */
export const dayMsOf = (day: string): number => Date.parse(`${day}T00:00:00.000Z`);
export const dayOfMs = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

const isWeekendMs = (ms: number): boolean => [0, 6].includes(new Date(ms).getUTCDay());

/** The `nth` (1-based) `weekday` (0 Sunday … 6 Saturday) of a month (0-based); `nth` -1 is the last. */
function nthWeekday(year: number, month: number, weekday: number, nth: number): number {
  if (nth < 0) {
    const last = Date.UTC(year, month + 1, 0);
    return last - ((new Date(last).getUTCDay() - weekday + 7) % 7) * DAY_MS;
  }
  const first = Date.UTC(year, month, 1);
  return first + (((weekday - new Date(first).getUTCDay() + 7) % 7) + (nth - 1) * 7) * DAY_MS;
}

/** Easter Sunday of the Gregorian calendar (the anonymous algorithm, Meeus/Jones/Butcher). */
function easterSunday(year: number): number {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return Date.UTC(year, month - 1, day);
}

/**
 * The Federal Reserve's holidays (the ACH does not settle on them). A holiday on a Sunday is observed
 * the Monday after; one on a Saturday is not observed on the Friday before, when the Reserve Banks
 * are open.
 */
function usHolidays(year: number): number[] {
  const fixed = [
    Date.UTC(year, 0, 1),
    // Juneteenth, a federal holiday from 2021, first closed the Federal Reserve in 2022.
    ...(year >= 2022 ? [Date.UTC(year, 5, 19)] : []),
    Date.UTC(year, 6, 4),
    Date.UTC(year, 10, 11),
    Date.UTC(year, 11, 25),
  ].map((ms) => (new Date(ms).getUTCDay() === 0 ? ms + DAY_MS : ms));
  return [
    ...fixed,
    nthWeekday(year, 0, 1, 3), // Martin Luther King Jr. Day
    nthWeekday(year, 1, 1, 3), // Washington's Birthday
    nthWeekday(year, 4, 1, -1), // Memorial Day
    nthWeekday(year, 8, 1, 1), // Labor Day
    nthWeekday(year, 9, 1, 2), // Columbus Day
    nthWeekday(year, 10, 4, 4), // Thanksgiving Day
  ];
}

/**
 * The days Canadian banks do not clear (Payments Canada's non-processing days). A holiday on a
 * weekend is observed on the next weekday that is not already one: Christmas on a Saturday moves to
 * Monday and Boxing Day then to Tuesday.
 */
function caHolidays(year: number): number[] {
  const moving = [
    easterSunday(year) - 2 * DAY_MS, // Good Friday
    // Victoria Day: the Monday before May 25.
    Date.UTC(year, 4, 24) - ((new Date(Date.UTC(year, 4, 24)).getUTCDay() + 6) % 7) * DAY_MS,
    nthWeekday(year, 7, 1, 1), // Civic Holiday
    nthWeekday(year, 8, 1, 1), // Labour Day
    nthWeekday(year, 9, 1, 2), // Thanksgiving
  ];
  const fixed = [
    Date.UTC(year, 0, 1),
    Date.UTC(year, 6, 1),
    // The National Day for Truth and Reconciliation, from 2021.
    ...(year >= 2021 ? [Date.UTC(year, 8, 30)] : []),
    Date.UTC(year, 10, 11),
    Date.UTC(year, 11, 25),
    Date.UTC(year, 11, 26),
  ];
  const observed = new Set(moving);
  for (const holiday of fixed) {
    let at = holiday;
    while (isWeekendMs(at) || observed.has(at)) at += DAY_MS;
    observed.add(at);
  }
  return [...observed];
}

const cache = new Map<string, ReadonlySet<number>>();

/** The bank holidays of a country's year, as observed (computed rules, no network), cached per year. */
function holidaysOf(country: BankCountry, year: number): ReadonlySet<number> {
  const key = `${country}:${year}`;
  let holidays = cache.get(key);
  if (holidays === undefined) {
    holidays = new Set(country === 'US' ? usHolidays(year) : caHolidays(year));
    cache.set(key, holidays);
  }
  return holidays;
}

/** Whether banks of the country settle on the day (a UTC-midnight ms): a weekday that is no holiday. */
export function isBusinessDayMs(country: BankCountry, ms: number): boolean {
  return !isWeekendMs(ms) && !holidaysOf(country, new Date(ms).getUTCFullYear()).has(ms);
}
