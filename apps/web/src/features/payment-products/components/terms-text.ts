import type { TFunction } from 'i18next';
import type { FormTerms } from '../enrollment-form';

/** A product's terms in words ("12 monthly payments at 7.99% APR"), or that they are not set. */
export function termsText(t: TFunction<'paymentProducts'>, terms: FormTerms, locale: string): string {
  if (terms.TYPE === undefined || Number.isNaN(terms.NUMPAYMENTS) || Number.isNaN(terms.RATE)) {
    return t('terms.missing');
  }
  const apr = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(
    terms.RATE / 10_000,
  );
  return t(`terms.${terms.TYPE}`, { count: terms.NUMPAYMENTS, apr });
}
