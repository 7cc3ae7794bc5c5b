import type { ResourceLanguage } from 'i18next';
import { collectNamespaces } from '../collect-resources';

/** The light entry's namespaces in fr-CA (the list of light-resources.ts), loaded only when fr-CA is used. */
export const TRANSLATIONS = collectNamespaces(
  'fr-CA',
  import.meta.glob<ResourceLanguage>(
    '../../../locales/fr-CA/{common,pages,auth,passwords,carts,forms,alerts,errors,lists}.json',
    { eager: true, import: 'default' },
  ),
);
