import type { Money } from '@portal/contracts/money';
import { refusalParamKinds, type RefusalParam, type RefusalParamKind } from '@portal/contracts/refusals';
import type { TFunction } from 'i18next';
import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOfError } from '../alerts/alert-store';
import { formatDate, formatMoney, formattingLocale } from '../i18n/format';
import { isLocale } from '../i18n/language';
import { PublicConfigContext } from '../public-config';
import { ApiError, type ApiRefusal } from './api-error';

function isMoney(value: RefusalParam | undefined): value is Money {
  return typeof value === 'object';
}

/** A parameter as the user's locale writes it; undefined when it is not of its declared kind. */
function formatParam(kind: RefusalParamKind, value: RefusalParam | undefined, locale: string) {
  switch (kind) {
    case 'money':
      return isMoney(value) ? formatMoney(value, locale) : undefined;
    case 'date':
      // A calendar date is the same day in every time zone.
      return typeof value === 'string' ? formatDate(value, { locale, timeZone: 'UTC' }) : undefined;
    case 'count':
      return typeof value === 'number' ? new Intl.NumberFormat(locale).format(value) : undefined;
    case 'text':
      return typeof value === 'string' ? value : undefined;
  }
}

/**
 * A refusal in the user's language (`errors:refusal.<reason>`), its money and dates formatted for
 * `locale`; `fallback` (the server's English message) when a parameter is missing or malformed.
 */
export function translateRefusal(
  t: TFunction,
  locale: string,
  refusal: ApiRefusal,
  fallback: string,
): string {
  const values: Record<string, string> = {};
  for (const [name, kind] of Object.entries(refusalParamKinds(refusal.reason))) {
    const text = formatParam(kind, refusal.params[name], locale);
    if (text === undefined) return fallback;
    values[name] = text;
  }
  return t(`errors:refusal.${refusal.reason}`, { ...values, defaultValue: fallback });
}

/**
 * The locale refusals are formatted in: the language with the brand's country (as every amount of the
 * portal), or the language alone outside the app's providers (a component rendered on its own).
 */
function useRefusalLocale(): string {
  const { i18n } = useTranslation();
  const brand = useContext(PublicConfigContext)?.brand;
  const language = isLocale(i18n.language) ? i18n.language : 'en';
  return brand === undefined ? language : formattingLocale(language, brand);
}

/** Translates a refusal for the user: `(refusal, englishMessage) => text`. */
export function useRefusalText(): (refusal: ApiRefusal, fallback: string) => string {
  const { t } = useTranslation();
  const locale = useRefusalLocale();
  return (refusal, fallback) => translateRefusal(t, locale, refusal, fallback);
}

/**
 * What to say about an error after "Error was:": a refusal of the server in the user's language,
 * otherwise the error's own text, or null when it has none.
 */
export function useErrorText(): (error: unknown) => string | null {
  const refusalText = useRefusalText();
  return (error) =>
    error instanceof ApiError && error.refusal !== null
      ? refusalText(error.refusal, error.message)
      : messageOfError(error);
}
