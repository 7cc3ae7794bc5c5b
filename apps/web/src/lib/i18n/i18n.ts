import type { Locale } from '@portal/contracts/brands';
import dayjs from 'dayjs';
import 'dayjs/locale/fr-ca';
import type { i18n } from 'i18next';
import { createI18nFrom, type I18nOptions } from './i18n-instance';
import { isLocale } from './language';
import { RESOURCES } from './resources';

const DAYJS_LOCALES: Record<Locale, string> = { en: 'en', 'fr-CA': 'fr-ca' };

/** The dayjs locale of a language (Mantine's date components take the same name). */
export function dayjsLocale(language: string): string {
  return isLocale(language) ? DAYJS_LOCALES[language] : 'en';
}

/**
 * The app's translations: every namespace, in the user's language. Its dates (dayjs, the date pickers)
 * follow the language; the light entry has no dates, and so no dayjs.
 */
export async function createI18n(options: I18nOptions): Promise<i18n> {
  const instance = await createI18nFrom(RESOURCES, options);
  const applyToDates = (language: string) => {
    dayjs.locale(dayjsLocale(language));
  };
  applyToDates(instance.language);
  instance.on('languageChanged', applyToDates);
  return instance;
}
