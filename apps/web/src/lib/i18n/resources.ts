import { LOCALES, type Locale } from '@portal/contracts/brands';
import type { ResourceLanguage } from 'i18next';

/**
 * Every `src/locales/<language>/<namespace>.json`: a feature adds a namespace by adding its two files,
 * with nothing to register. All languages are bundled: they are small, and a language switch then
 * needs no download.
 */
const files = import.meta.glob<ResourceLanguage>('../../locales/*/*.json', {
  eager: true,
  import: 'default',
});

const FILE_NAME = /\/locales\/([^/]+)\/([^/]+)\.json$/;

function collect(): Record<Locale, ResourceLanguage> {
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

export const RESOURCES = collect();

export const NAMESPACES = Object.keys(RESOURCES.en);
