import type { Money } from '@portal/contracts/money';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, formattingLocale } from '../i18n/format';
import { isLocale } from '../i18n/language';
import { usePublicConfig } from '../public-config';
import { formatDay, formatZonedDateTime } from './date-time';

export interface Formatters {
  /** The locale numbers are written in (language plus the brand's country). */
  readonly locale: string;
  readonly money: (money: Money) => string;
  /** An instant as date and time in the time zone given to `useFormatters`, which it names. */
  readonly dateTime: (instant: Date) => string;
  /** A calendar day (`YYYY-MM-DD`) in full, in the user's language. */
  readonly day: (day: string) => string;
  readonly count: (value: number) => string;
}

/** The locale numbers are written and read in: the user's language plus the brand's country. */
export function useFormattingLocale(): string {
  const { i18n } = useTranslation();
  const { brand } = usePublicConfig();
  return formattingLocale(isLocale(i18n.language) ? i18n.language : 'en', brand);
}

/**
 * Money, dates and counts in the user's language and the brand's country: the one way pages format
 * what they show. `timeZone` is the merchant's for its data (`useCurrentMerchant(...).data.timeZone`).
 */
export function useFormatters(timeZone: string): Formatters {
  const locale = useFormattingLocale();
  return useMemo(() => {
    const counts = new Intl.NumberFormat(locale);
    return {
      locale,
      money: (money) => formatMoney(money, locale),
      dateTime: (instant) => formatZonedDateTime(instant, { locale, timeZone }),
      day: (day) => formatDay(day, locale),
      count: (value) => counts.format(value),
    };
  }, [locale, timeZone]);
}
