import type { ResourceLanguage } from 'i18next';
import { collectNamespaces } from '../collect-resources';

/** Every namespace of the app in en: a module of its own, loaded only when en is used. */
export const TRANSLATIONS = collectNamespaces(
  'en',
  import.meta.glob<ResourceLanguage>('../../../locales/en/*.json', { eager: true, import: 'default' }),
);
