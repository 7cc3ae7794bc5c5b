import type { Locale } from '@portal/contracts/brands';
import i18next, { type BackendModule, type i18n, type ResourceLanguage } from 'i18next';
import { isLocale, pickLanguage, readLanguagePreference, rememberLanguage } from './language';

export const DEFAULT_NAMESPACE = 'common';

function applyLanguage(language: string): void {
  document.documentElement.lang = language;
}

export interface I18nOptions {
  /** The languages the brand offers (public configuration). */
  readonly locales: readonly Locale[];
  /** Tests make a missing key fail loudly instead of showing the key. */
  readonly onMissingKey?: (key: string, namespace: string, language: string) => void;
}

/**
 * Each language's translations by namespace (`src/locales/<language>/<namespace>.json`), loaded when the
 * language is first used: a page carries one language, not all of them.
 */
export type ResourceLoaders = Readonly<Record<Locale, () => Promise<ResourceLanguage>>>;

/** i18next's way to load a language on demand: `changeLanguage` waits for it before it switches. */
function loadedOnDemand(loaders: ResourceLoaders): BackendModule {
  return {
    type: 'backend',
    init: () => undefined,
    read: (language, namespace, callback) => {
      if (!isLocale(language)) {
        callback(new Error(`The portal has no language ${language}`), false);
        return;
      }
      loaders[language]().then(
        (namespaces) => {
          callback(null, namespaces[namespace] ?? {});
        },
        (error: unknown) => {
          callback(error instanceof Error ? error : new Error(String(error)), false);
        },
      );
    },
  };
}

/**
 * A fresh instance per app (and per test), in the brand's languages, starting in the preferred one with
 * its translations loaded: every namespace for the app (i18n.ts), fewer for the light entry.
 */
export async function createI18nFrom(
  loaders: ResourceLoaders,
  { locales, onMissingKey }: I18nOptions,
): Promise<i18n> {
  const languages: readonly Locale[] = locales.length > 0 ? locales : ['en'];
  const language = pickLanguage(languages, readLanguagePreference(), navigator.languages);
  const namespaces = await loaders[language]();
  const instance = i18next.createInstance();
  instance.on('languageChanged', applyLanguage);
  await instance.use(loadedOnDemand(loaders)).init({
    resources: { [language]: namespaces },
    // The other languages come from the loaders above, when chosen.
    partialBundledLanguages: true,
    lng: language,
    supportedLngs: [...languages],
    // No fallback language: it would be loaded beside the current one, and every language has every key
    // (resources.test.ts); a missing plural form falls back to the language's own `_other`.
    fallbackLng: false,
    load: 'currentOnly',
    ns: Object.keys(namespaces),
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

/**
 * The user's pick: its translations loaded, then applied and remembered for the next visit. When they
 * cannot be loaded (the connection dropped) the page stays in its language rather than showing keys.
 */
export async function chooseLanguage(instance: i18n, locale: Locale): Promise<void> {
  await instance.loadLanguages(locale);
  if (!instance.hasResourceBundle(locale, DEFAULT_NAMESPACE)) return;
  rememberLanguage(locale);
  await instance.changeLanguage(locale);
}
