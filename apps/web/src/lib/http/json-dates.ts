/**
 * Dates on the wire (specification §3): answer values matching a date or date-time pattern are read
 * as dates; dates are sent as ISO text, and a midnight-UTC date as a plain `YYYY-MM-DD`.
 */

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
// The zone is required: a date-time without one would be read in the browser's zone, a different instant.
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):(\d{2}))$/;

function lastDayOfMonth(year: number, month: number): number {
  const date = new Date(0);
  // setUTCFullYear, unlike Date.UTC, does not move the years 0-99 to 1900-1999.
  date.setUTCFullYear(year, month, 0);
  return date.getUTCDate();
}

/**
 * The date a string denotes, or null when it is not a real date or date-time: '2024-13-45' is not, and
 * neither is '2024-02-30', which the browser's own parser would quietly move to March.
 */
export function parseWireDate(text: string): Date | null {
  const match = DATE.exec(text) ?? DATE_TIME.exec(text);
  if (!match) return null;
  // Optional groups that did not take part are undefined; they count as zero.
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0, offsetHour = 0, offsetMinute = 0] =
    match.slice(1).map((part) => Number(part || '0'));
  const valid =
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= lastDayOfMonth(year, month) &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 59 &&
    offsetHour <= 23 &&
    offsetMinute <= 59;
  if (!valid) return null;
  return new Date(DATE.test(text) ? `${text}T00:00:00Z` : text);
}

/** JSON.parse with every date or date-time string, at any depth, turned into a Date. */
export function parseJsonWithDates(text: string): unknown {
  return JSON.parse(text, (_key, value: unknown) =>
    typeof value === 'string' ? (parseWireDate(value) ?? value) : value,
  );
}

function isMidnightUtc(date: Date): boolean {
  return (
    date.getUTCHours() === 0 &&
    date.getUTCMinutes() === 0 &&
    date.getUTCSeconds() === 0 &&
    date.getUTCMilliseconds() === 0
  );
}

/** ISO text of a date; a midnight-UTC date as a plain `YYYY-MM-DD`. */
export function formatWireDate(date: Date): string {
  const iso = date.toISOString();
  return isMidnightUtc(date) ? iso.slice(0, 10) : iso;
}

function isPlainObject(value: object): value is Record<string, unknown> {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** A copy of a value to be sent as JSON, with every Date, at any depth, replaced by its wire text. */
export function serializeDates(value: unknown): unknown {
  if (value instanceof Date) return formatWireDate(value);
  if (Array.isArray(value)) return value.map(serializeDates);
  if (value !== null && typeof value === 'object' && isPlainObject(value)) {
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, serializeDates(entry)]));
  }
  return value;
}
