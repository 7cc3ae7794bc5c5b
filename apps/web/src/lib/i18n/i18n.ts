import type { i18n } from 'i18next';
import { createI18nFrom, type I18nOptions } from './i18n-instance';
import { RESOURCES } from './resources';

/** The app's translations: every namespace of every language. */
export function createI18n(options: I18nOptions): Promise<i18n> {
  return createI18nFrom(RESOURCES, options);
}
