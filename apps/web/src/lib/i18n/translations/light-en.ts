import type { ResourceLanguage } from 'i18next';
import { collectNamespaces } from '../collect-resources';

/** The light entry's namespaces in en (the list of light-resources.ts), loaded only when en is used. */
export const TRANSLATIONS = collectNamespaces(
  'en',
  import.meta.glob<ResourceLanguage>(
    '../../../locales/en/{common,pages,auth,passwords,carts,forms,alerts,errors,lists}.json',
    { eager: true, import: 'default' },
  ),
);
