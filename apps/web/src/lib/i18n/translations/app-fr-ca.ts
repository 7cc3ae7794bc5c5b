import type { ResourceLanguage } from 'i18next';
import { collectNamespaces } from '../collect-resources';

/** Every namespace of the app in fr-CA: a module of its own, loaded only when fr-CA is used. */
export const TRANSLATIONS = collectNamespaces(
  'fr-CA',
  import.meta.glob<ResourceLanguage>('../../../locales/fr-CA/*.json', { eager: true, import: 'default' }),
);
