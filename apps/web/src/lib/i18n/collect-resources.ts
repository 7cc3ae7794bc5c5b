import { LOCALES, type Locale } from '@portal/contracts/brands';
import type { ResourceLanguage } from 'i18next';
import type { Resources } from './i18n-instance';

const FILE_NAME = /\/locales\/([^/]+)\/([^/]+)\.json$/;

/** Translations by language and namespace, from the files of `import.meta.glob` named by their paths. */
export function collectResources(files: Readonly<Record<string, ResourceLanguage>>): Resources {
  const resources = Object.fromEntries(LOCALES.map((locale) => [locale, {}])) as Record<
    Locale,
    ResourceLanguage
  >;
  for (const [path, content] of Object.entries(files)) {
    const [, language, namespace] = FILE_NAME.exec(path) ?? [];
    if (!language || !namespace || !(language in resources)) {
      throw new Error(`${path} is not under src/locales/<${LOCALES.join('|')}>/<namespace>.json`);
    }
    resources[language as Locale][namespace] = content;
  }
  return resources;
}
