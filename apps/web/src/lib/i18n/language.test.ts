import { describe, expect, it } from 'vitest';
import { pickLanguage, readLanguagePreference, rememberLanguage } from './language';

describe('pickLanguage', () => {
  it('keeps a remembered language the brand offers', () => {
    expect(pickLanguage(['en', 'fr-CA'], 'fr-CA', ['en-US'])).toBe('fr-CA');
  });

  it('ignores a remembered language the brand does not offer', () => {
    expect(pickLanguage(['en'], 'fr-CA', ['fr-CA'])).toBe('en');
  });

  it('follows the first browser language the brand offers, by base language', () => {
    expect(pickLanguage(['en', 'fr-CA'], undefined, ['de-DE', 'fr-FR', 'en'])).toBe('fr-CA');
    expect(pickLanguage(['en', 'fr-CA'], undefined, ['en-GB', 'fr'])).toBe('en');
  });

  it("falls back to the brand's first language", () => {
    expect(pickLanguage(['en', 'fr-CA'], 'xx', ['de'])).toBe('en');
  });
});

describe('language preference', () => {
  it('is remembered across reads', () => {
    expect(readLanguagePreference()).toBeUndefined();
    rememberLanguage('fr-CA');
    expect(readLanguagePreference()).toBe('fr-CA');
  });
});
