import type { ResourceLanguage } from 'i18next';
import { collectResources } from './collect-resources';

/**
 * Every `src/locales/<language>/<namespace>.json`: a feature adds a namespace by adding its two files,
 * with nothing to register. All languages are bundled: they are small, and a language switch then
 * needs no download.
 */
const files = import.meta.glob<ResourceLanguage>('../../locales/*/*.json', {
  eager: true,
  import: 'default',
});

export const RESOURCES = collectResources(files);
