import type { ResourceLanguage } from 'i18next';
import { collectResources } from './collect-resources';

/**
 * The namespaces of the light entry's pages (docs/decisions/0014): sign-in, passwords and the shopper's
 * checkout, with the shared ones their components use (forms, alerts, errors, lists). Both languages, as
 * in the app, so that a language switch needs no download. A page of that entry that uses another
 * namespace adds it here (light-resources.test.ts renders each page against these).
 */
const files = import.meta.glob<ResourceLanguage>(
  '../../locales/*/{common,pages,auth,passwords,carts,forms,alerts,errors,lists}.json',
  { eager: true, import: 'default' },
);

export const LIGHT_RESOURCES = collectResources(files);
