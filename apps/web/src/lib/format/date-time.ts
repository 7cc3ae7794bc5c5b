import { formatDateTime } from '../i18n/format';

export interface ZonedDateTimeOptions {
  readonly locale: string;
  /** The IANA zone the time is read in: the merchant's for staff, the reader's own for a shopper. */
  readonly timeZone: string;
}

// Building an Intl formatter costs far more than using one, and a table formats thousands of cells.
const zoneNames = new Map<string, Intl.DateTimeFormat>();

/**
 * The zone's name at an instant as the locale writes it ("EST", "EDT", "HNE"; "GMT+1" where the
 * language has no name for it): the name changes with daylight saving time, so it is read per instant.
 */
function zoneName(instant: Date, { locale, timeZone }: ZonedDateTimeOptions): string {
  const key = `${locale}|${timeZone}`;
  let formatter = zoneNames.get(key);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' });
    zoneNames.set(key, formatter);
  }
  return formatter.formatToParts(instant).find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
}

/**
 * An instant as date, time and the zone they are in ("Dec 1, 2026, 5:00 PM EST"). A time without its
 * zone is read in the reader's own, which is how one expiry came to be shown three ways: every time
 * the portal shows names its zone.
 */
export function formatZonedDateTime(value: Date, options: ZonedDateTimeOptions): string {
  return `${formatDateTime(value, options)} ${zoneName(value, options)}`;
}

/**
 * A calendar day (`YYYY-MM-DD`, a day of no zone, e.g. a deposit's) written in full as the locale
 * writes it ("Friday, November 27, 2026"; "vendredi 27 novembre 2026"): read at UTC midnight and
 * formatted in UTC, so that no zone moves it to the day before.
 */
export function formatDay(day: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00.000Z`),
  );
}
