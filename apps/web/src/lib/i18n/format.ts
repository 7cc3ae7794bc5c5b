import type { Brand, Locale } from '@portal/contracts/brands';
import { DAY_MS } from '@portal/contracts/constants';
import { minorUnitsToDecimal, type Money } from '@portal/contracts/money';

const REGIONS: Record<Brand, string> = { bread: 'US', rbc: 'CA' };

/**
 * The locale numbers and dates are formatted in: the language plus the brand's country, so that an
 * English-speaking rbc user sees "$12.00" for CAD and "US$12.00" for USD.
 */
export function formattingLocale(language: Locale, brand: Brand): string {
  return `${language.split('-')[0] ?? language}-${REGIONS[brand]}`;
}

// Building an Intl formatter costs far more than using one, and a table formats thousands of cells.
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, create: () => T): T {
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = create();
    formatters.set(key, formatter);
  }
  return formatter as T;
}

/** Money in its own currency; the minor units go to Intl as exact decimal text, never through a float. */
export function formatMoney(money: Money, locale: string): string {
  const formatter = cached(
    `money|${locale}|${money.currency}`,
    () => new Intl.NumberFormat(locale, { style: 'currency', currency: money.currency }),
  );
  return formatter.format(minorUnitsToDecimal(money.value) as `${number}`);
}

export interface DateFormatOptions {
  readonly locale: string;
  /** The merchant's IANA time zone: "today" and a date's day are the merchant's (PRODUCT.md). */
  readonly timeZone: string;
  readonly style?: 'short' | 'medium' | 'long';
}

const PLAIN_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A calendar date has no time zone: a plain `YYYY-MM-DD`, or a Date at exactly midnight UTC, which is
 * how a plain date travels and is parsed (specification §3). It is shown as the same day everywhere.
 */
function asCalendarDate(value: Date | string): Date | undefined {
  if (typeof value === 'string') {
    const match = PLAIN_DATE.exec(value);
    return match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : undefined;
  }
  return value.getTime() % DAY_MS === 0 ? value : undefined;
}

/** The day of a date or an instant: an instant's day is the one in the given time zone. */
export function formatDate(
  value: Date | string,
  { locale, timeZone, style = 'medium' }: DateFormatOptions,
): string {
  const calendarDate = asCalendarDate(value);
  const zone = calendarDate ? 'UTC' : timeZone;
  const formatter = cached(
    `date|${locale}|${zone}|${style}`,
    () => new Intl.DateTimeFormat(locale, { dateStyle: style, timeZone: zone }),
  );
  return formatter.format(calendarDate ?? new Date(value));
}

/** An instant as date and time in the given time zone. */
export function formatDateTime(
  value: Date | string,
  { locale, timeZone, style = 'medium' }: DateFormatOptions,
): string {
  const formatter = cached(
    `datetime|${locale}|${timeZone}|${style}`,
    () => new Intl.DateTimeFormat(locale, { dateStyle: style, timeStyle: 'short', timeZone }),
  );
  return formatter.format(new Date(value));
}
