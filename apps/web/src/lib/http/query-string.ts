import { formatWireDate } from './json-dates';

export type QueryValue = string | number | boolean | Date;

/** Keys are sent as written, so filter keys such as `merchantID.eq` work (specification §7). */
export type QueryParams = Readonly<Record<string, QueryValue | readonly QueryValue[] | null | undefined>>;

function toText(value: QueryValue): string {
  return value instanceof Date ? formatWireDate(value) : String(value);
}

/**
 * `?key=value&…` for the given parameters, or '' when there are none. Null and undefined values are
 * left out (an unset filter); a list repeats its key once per value.
 */
export function buildQueryString(params: QueryParams = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined) continue;
    const values: readonly QueryValue[] = Array.isArray(value) ? value : [value];
    for (const entry of values) search.append(key, toText(entry));
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}
