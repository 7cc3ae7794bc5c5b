import type { Locale } from '@portal/contracts/brands';
import dayjs from 'dayjs';
import 'dayjs/locale/fr-ca';
import i18next, { type i18n, type ResourceLanguage } from 'i18next';
import { isLocale, pickLanguage, readLanguagePreference, rememberLanguage } from './language';

export const DEFAULT_NAMESPACE = 'common';

const DAYJS_LOCALES: Record<Locale, string> = { en: 'en', 'fr-CA': 'fr-ca' };

/** The dayjs locale of a language (Mantine's date components take the same name). */
export function dayjsLocale(language: string): string {
  return isLocale(language) ? DAYJS_LOCALES[language] : 'en';
}

function applyLanguage(language: string): void {
  document.documentElement.lang = language;
  dayjs.locale(dayjsLocale(language));
}

export interface I18nOptions {
  /** The languages the brand offers (public configuration). */
  readonly locales: readonly Locale[];
  /** Tests make a missing key fail loudly instead of showing the key. */
  readonly onMissingKey?: (key: string, namespace: string, language: string) => void;
}

/** Translations by language, then by namespace (`src/locales/<language>/<namespace>.json`). */
export type Resources = Readonly<Record<Locale, ResourceLanguage>>;

/**
 * A fresh instance per app (and per test), in the brand's languages, starting in the preferred one, with
 * the given translations: every namespace for the app (i18n.ts), fewer for the light entry.
 */
export async function createI18nFrom(
  resources: Resources,
  { locales, onMissingKey }: I18nOptions,
): Promise<i18n> {
  const languages: readonly Locale[] = locales.length > 0 ? locales : ['en'];
  const instance = i18next.createInstance();
  instance.on('languageChanged', applyLanguage);
  await instance.init({
    resources,
    lng: pickLanguage(languages, readLanguagePreference(), navigator.languages),
    supportedLngs: [...languages],
    fallbackLng: 'en',
    load: 'currentOnly',
    ns: Object.keys(resources.en),
    defaultNS: DEFAULT_NAMESPACE,
    // React escapes what it renders.
    interpolation: { escapeValue: false },
    saveMissing: onMissingKey !== undefined,
    missingKeyHandler: (missingIn, namespace, key) => {
      onMissingKey?.(key, namespace, missingIn.join(','));
    },
  });
  return instance;
}

/** The user's pick: applied now and remembered for the next visit. */
export async function chooseLanguage(instance: i18n, locale: Locale): Promise<void> {
  rememberLanguage(locale);
  await instance.changeLanguage(locale);
}
