import type { ResourceLoaders } from './i18n-instance';

/**
 * The namespaces of the light entry's pages (docs/decisions/0014): sign-in, passwords and the shopper's
 * checkout, with the shared ones their components use (common, pages, auth, passwords, carts, forms,
 * alerts, errors, lists). Each language is a chunk of its own (translations/light-*.ts, which list them
 * in their file patterns), loaded when it is first used (docs/decisions/0025). A page of that entry that
 * uses another namespace adds it to both patterns (resources.test.ts checks that both name the same).
 */
export const LIGHT_RESOURCES: ResourceLoaders = {
  en: async () => (await import('./translations/light-en')).TRANSLATIONS,
  'fr-CA': async () => (await import('./translations/light-fr-ca')).TRANSLATIONS,
};
