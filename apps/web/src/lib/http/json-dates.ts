/**
 * Dates sent on the wire (specification §3): ISO text, and a midnight-UTC date as a plain `YYYY-MM-DD`.
 * Answers are not searched for dates: their schemas name the date fields (answer-dates.ts).
 */

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
