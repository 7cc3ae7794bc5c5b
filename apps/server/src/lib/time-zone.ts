import { DAY_MS } from '@portal/contracts/constants';

// Every zone changes its offset on a quarter hour, so an offset found for one instant holds for the
// whole quarter hour around it.
const QUARTER_HOUR_MS = 900_000;
const MAX_CACHED_OFFSETS = 50_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** True for an IANA zone this runtime knows. */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    partsFormatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** How far the zone's wall clock is ahead of UTC at an instant, in milliseconds. */
export function zoneOffsetMs(timeZone: string, instantMs: number): number {
  const values: Record<string, number> = {};
  for (const part of partsFormatter(timeZone).formatToParts(new Date(instantMs))) {
    if (part.type !== 'literal') values[part.type] = Number(part.value);
  }
  const wall = Date.UTC(
    values.year ?? 1970,
    (values.month ?? 1) - 1,
    values.day ?? 1,
    values.hour ?? 0,
    values.minute ?? 0,
    values.second ?? 0,
  );
  return wall - Math.floor(instantMs / 1_000) * 1_000;
}

/**
 * The instant a calendar day (`YYYY-MM-DD`) begins in a zone. Where a clock change skips midnight, the
 * day begins at the first instant that exists.
 */
export function zonedDayStart(day: string, timeZone: string): number {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  const wall = Date.UTC(year, month - 1, date);
  const first = wall - zoneOffsetMs(timeZone, wall);
  // The offset at the first guess may be the other side of a clock change: correct once.
  const second = wall - zoneOffsetMs(timeZone, first);
  // Where a change skips midnight, the correction lands in the day before: the day begins at the change.
  return second + zoneOffsetMs(timeZone, second) < wall ? first : second;
}

/** The calendar day after `day` (`YYYY-MM-DD`). */
export function nextDay(day: string): string {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date) + DAY_MS).toISOString().slice(0, 10);
}

/** "00" to "59": the two-digit fields of a clock, made once. */
const TWO_DIGITS = Array.from({ length: 60 }, (_, value) => String(value).padStart(2, '0'));
/** Instants of years 1000 to 9999: four digits, which `Date.UTC` reads as written. */
const FIRST_FOUR_DIGIT_YEAR_MS = Date.UTC(1000, 0, 1);
const FIRST_FIVE_DIGIT_YEAR_MS = Date.UTC(10_000, 0, 1);
const MAX_CACHED_DAYS = 10_000;

/** The number written in decimal digits from `from` to `to`. */
function digitsOf(text: string, from: number, to: number): number {
  let value = 0;
  for (let index = from; index < to; index++) value = value * 10 + text.charCodeAt(index) - 48;
  return value;
}

/**
 * Milliseconds since 1970 of a UTC timestamp as the databases write it: ISO-8601 with `Z`
 * (`2026-10-31T12:34:56.789Z`, SQLite's text and PostgreSQL's through the app's parser) or
 * PostgreSQL's own text in a UTC session (`2026-10-31 12:34:56.789+00`). Read by position, without a
 * `Date`; any other text goes through `Date.parse`.
 */
export function utcTextToInstant(text: string): number {
  const end = text.length;
  const utc = text.endsWith('Z') || text.endsWith('+00');
  if (
    !utc ||
    end < 20 ||
    text.charCodeAt(0) === 48 ||
    text.charCodeAt(4) !== 45 ||
    text.charCodeAt(7) !== 45 ||
    text.charCodeAt(13) !== 58 ||
    text.charCodeAt(16) !== 58
  ) {
    return Date.parse(text);
  }
  // Fractions of a second: the first three digits, however many the text has.
  let millis = 0;
  if (text.charCodeAt(19) === 46) {
    let scale = 100;
    for (let index = 20; index < end && scale >= 1; index++, scale /= 10) {
      const digit = text.charCodeAt(index) - 48;
      if (digit < 0 || digit > 9) break;
      millis += digit * scale;
    }
  }
  return (
    Date.UTC(
      digitsOf(text, 0, 4),
      digitsOf(text, 5, 7) - 1,
      digitsOf(text, 8, 10),
      digitsOf(text, 11, 13),
      digitsOf(text, 14, 16),
      digitsOf(text, 17, 19),
    ) + millis
  );
}

/**
 * Formats instants as the zone's wall-clock time, `YYYY-MM-DD HH:mm:ss`. Made for exports of a million
 * rows: the offset is looked up once per quarter hour, the date part once per day, and the time of day
 * is arithmetic, with no `Date` made per value.
 */
export class ZonedTimeFormatter {
  readonly #offsets = new Map<number, number>();
  /** By UTC day: the offset that holds all day, or undefined where the offset changes that day. */
  readonly #dayOffsets = new Map<number, number | undefined>();
  readonly #days = new Map<number, string>();

  constructor(readonly timeZone: string) {}

  format(timestamp: string): string {
    return this.formatInstant(utcTextToInstant(timestamp));
  }

  /** The same for milliseconds since 1970. */
  formatInstant(instant: number): string {
    const wall = instant + this.#offsetAt(instant);
    if (!(wall >= FIRST_FOUR_DIGIT_YEAR_MS && wall < FIRST_FIVE_DIGIT_YEAR_MS)) {
      const text = new Date(wall).toISOString();
      return `${text.slice(0, 10)} ${text.slice(11, 19)}`;
    }
    const day = Math.floor(wall / DAY_MS);
    let date = this.#days.get(day);
    if (date === undefined) {
      if (this.#days.size >= MAX_CACHED_DAYS) this.#days.clear();
      date = `${new Date(day * DAY_MS).toISOString().slice(0, 10)} `;
      this.#days.set(day, date);
    }
    const seconds = Math.floor((wall - day * DAY_MS) / 1_000);
    const hours = Math.floor(seconds / 3_600);
    const minutes = Math.floor((seconds % 3_600) / 60);
    return `${date}${TWO_DIGITS[hours] ?? ''}:${TWO_DIGITS[minutes] ?? ''}:${TWO_DIGITS[seconds % 60] ?? ''}`;
  }

  /**
   * The zone's offset at an instant. A UTC day whose offset is the same at its start and at its end
   * keeps it all day (no zone changes its clocks twice within a day), so most instants cost a map
   * read; on the days of a clock change, the offset is looked up per quarter hour.
   */
  #offsetAt(instant: number): number {
    const day = Math.floor(instant / DAY_MS);
    let allDay = this.#dayOffsets.get(day);
    if (allDay === undefined && !this.#dayOffsets.has(day)) {
      if (this.#dayOffsets.size >= MAX_CACHED_DAYS) this.#dayOffsets.clear();
      const start = zoneOffsetMs(this.timeZone, day * DAY_MS);
      allDay = start === zoneOffsetMs(this.timeZone, (day + 1) * DAY_MS - 1) ? start : undefined;
      this.#dayOffsets.set(day, allDay);
    }
    if (allDay !== undefined) return allDay;
    const bucket = Math.floor(instant / QUARTER_HOUR_MS);
    let offset = this.#offsets.get(bucket);
    if (offset === undefined) {
      if (this.#offsets.size >= MAX_CACHED_OFFSETS) this.#offsets.clear();
      offset = zoneOffsetMs(this.timeZone, instant);
      this.#offsets.set(bucket, offset);
    }
    return offset;
  }
}

/** The zone's calendar day at `now` (`YYYY-MM-DD`): a merchant's today. */
export function merchantToday(timeZone: string, now: Date): string {
  return new ZonedTimeFormatter(timeZone).formatInstant(now.getTime()).slice(0, 10);
}
