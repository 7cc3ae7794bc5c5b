import type { ResourceLoaders } from './i18n-instance';

/**
 * Every `src/locales/<language>/<namespace>.json`: a feature adds a namespace by adding its two files,
 * with nothing to register. Each language is a chunk of its own, loaded when it is first used: the
 * start loads the current one, a switch the other before it shows (docs/decisions/0025).
 */
export const RESOURCES: ResourceLoaders = {
  en: async () => (await import('./translations/app-en')).TRANSLATIONS,
  'fr-CA': async () => (await import('./translations/app-fr-ca')).TRANSLATIONS,
};
