import type { Money } from '@portal/contracts/money';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney, formattingLocale } from '../i18n/format';
import { isLocale } from '../i18n/language';
import { usePublicConfig } from '../public-config';

export interface Formatters {
  /** The locale numbers are written in (language plus the brand's country). */
  readonly locale: string;
  readonly money: (money: Money) => string;
  /** An instant as date and time in the time zone given to `useFormatters`. */
  readonly dateTime: (instant: Date) => string;
  readonly count: (value: number) => string;
}

/**
 * Money, dates and counts in the user's language and the brand's country: the one way pages format
 * what they show. `timeZone` is the merchant's for its data (`useCurrentMerchant(...).data.timeZone`).
 */
export function useFormatters(timeZone: string): Formatters {
  const { i18n } = useTranslation();
  const { brand } = usePublicConfig();
  const locale = formattingLocale(isLocale(i18n.language) ? i18n.language : 'en', brand);
  return useMemo(() => {
    const counts = new Intl.NumberFormat(locale);
    return {
      locale,
      money: (money) => formatMoney(money, locale),
      dateTime: (instant) => formatDateTime(instant, { locale, timeZone, style: 'medium' }),
      count: (value) => counts.format(value),
    };
  }, [locale, timeZone]);
}
