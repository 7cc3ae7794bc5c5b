import type { Money } from '@portal/contracts/money';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney, formattingLocale } from '../../lib/i18n/format';
import { isLocale } from '../../lib/i18n/language';
import { usePublicConfig } from '../../lib/public-config';

export interface Formatters {
  /** The locale numbers are written in (language plus the brand's country). */
  readonly locale: string;
  readonly money: (money: Money) => string;
  /** An instant as date and time in the merchant's time zone. */
  readonly dateTime: (instant: Date) => string;
  readonly count: (value: number) => string;
}

/** Money, dates in the merchant's time zone and counts, in the user's language. */
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
