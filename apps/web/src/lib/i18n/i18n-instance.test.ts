import type { ResourceLanguage } from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { chooseLanguage, createI18nFrom, type ResourceLoaders } from './i18n-instance';
import { readLanguagePreference } from './language';

const ENGLISH: ResourceLanguage = { common: { greeting: 'Hello' } };
const FRENCH: ResourceLanguage = { common: { greeting: 'Bonjour' } };

/** Loaders whose French answers only when the test says so, to see the page before it arrives. */
function loaders() {
  let answerFrench: (outcome: ResourceLanguage | Error) => void = () => undefined;
  const french = new Promise<ResourceLanguage>((resolve, reject) => {
    answerFrench = (outcome) => {
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome);
    };
  });
  const spies = { en: vi.fn(() => Promise.resolve(ENGLISH)), 'fr-CA': vi.fn(() => french) };
  return { spies, loaders: spies satisfies ResourceLoaders, answerFrench };
}

describe('translations by language', () => {
  it('start with the current language only', async () => {
    const { spies, loaders: resources } = loaders();
    const i18n = await createI18nFrom(resources, { locales: ['en', 'fr-CA'] });
    expect(i18n.t('greeting')).toBe('Hello');
    expect(spies.en).toHaveBeenCalled();
    expect(spies['fr-CA']).not.toHaveBeenCalled();
  });

  it('load the other language on a switch, and switch only once it is there', async () => {
    const { spies, loaders: resources, answerFrench } = loaders();
    const i18n = await createI18nFrom(resources, { locales: ['en', 'fr-CA'] });
    const switching = chooseLanguage(i18n, 'fr-CA');
    await vi.waitFor(() => {
      expect(spies['fr-CA']).toHaveBeenCalled();
    });
    expect(i18n.language).toBe('en');
    expect(i18n.t('greeting')).toBe('Hello');
    answerFrench(FRENCH);
    await switching;
    expect(i18n.language).toBe('fr-CA');
    expect(i18n.t('greeting')).toBe('Bonjour');
    expect(document.documentElement.lang).toBe('fr-CA');
    expect(readLanguagePreference()).toBe('fr-CA');
  });

  it('stay in the current language when the other cannot be loaded', async () => {
    const { loaders: resources, answerFrench } = loaders();
    const i18n = await createI18nFrom(resources, { locales: ['en', 'fr-CA'] });
    answerFrench(new Error('offline'));
    await chooseLanguage(i18n, 'fr-CA');
    expect(i18n.language).toBe('en');
    expect(i18n.t('greeting')).toBe('Hello');
    expect(readLanguagePreference()).toBeUndefined();
  });
});
