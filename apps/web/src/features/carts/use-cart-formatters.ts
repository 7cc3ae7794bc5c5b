import type { Money } from '@portal/contracts/money';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney, formattingLocale } from '../../lib/i18n/format';
import { isLocale } from '../../lib/i18n/language';
import { usePublicConfig } from '../../lib/public-config';

export interface CartFormatters {
  readonly money: (money: Money) => string;
  /** An instant as date and time in the given time zone. */
  readonly dateTime: (instant: Date) => string;
}

/** Money and dates in the user's language and the brand's country. */
export function useCartFormatters(timeZone: string): CartFormatters {
  const { i18n } = useTranslation();
  const { brand } = usePublicConfig();
  const locale = formattingLocale(isLocale(i18n.language) ? i18n.language : 'en', brand);
  return useMemo(
    () => ({
      money: (money) => formatMoney(money, locale),
      dateTime: (instant) => formatDateTime(instant, { locale, timeZone, style: 'medium' }),
    }),
    [locale, timeZone],
  );
}

/** USD and CAD count in cents; rounding absorbs the float of a typed decimal (12.3 * 100). */
export function toCents(major: number): number {
  return Math.round(major * 100);
}

export function fromCents(minor: number): number {
  return minor / 100;
}
