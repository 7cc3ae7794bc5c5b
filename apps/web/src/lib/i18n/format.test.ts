import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney, formattingLocale } from './format';

// Intl separates French thousands and the currency sign with (narrow) no-break spaces.
const spaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formattingLocale', () => {
  it("combines the language with the brand's country", () => {
    expect(formattingLocale('en', 'bread')).toBe('en-US');
    expect(formattingLocale('en', 'rbc')).toBe('en-CA');
    expect(formattingLocale('fr-CA', 'rbc')).toBe('fr-CA');
  });
});

describe('formatMoney', () => {
  it('formats minor units in the currency and locale', () => {
    expect(formatMoney({ currency: 'USD', value: 123456 }, 'en-US')).toBe('$1,234.56');
    expect(formatMoney({ currency: 'CAD', value: 123456 }, 'en-CA')).toBe('$1,234.56');
    expect(spaces(formatMoney({ currency: 'CAD', value: 123456 }, 'fr-CA'))).toBe('1 234,56 $');
  });

  it('names a foreign currency', () => {
    expect(formatMoney({ currency: 'USD', value: 500 }, 'en-CA')).toBe('US$5.00');
    expect(formatMoney({ currency: 'CAD', value: 500 }, 'en-US')).toBe('CA$5.00');
  });

  it('keeps negative amounts and single cents exact', () => {
    expect(formatMoney({ currency: 'USD', value: -5 }, 'en-US')).toBe('-$0.05');
    expect(formatMoney({ currency: 'USD', value: 0 }, 'en-US')).toBe('$0.00');
  });

  it('stays exact beyond float precision of a division by 100', () => {
    expect(formatMoney({ currency: 'USD', value: 9_007_199_254_740_991 }, 'en-US')).toBe(
      '$90,071,992,547,409.91',
    );
  });
});

describe('formatDate', () => {
  it("shows an instant's day in the given time zone", () => {
    const lateEvening = '2024-03-01T03:30:00Z';
    expect(formatDate(lateEvening, { locale: 'en-US', timeZone: 'America/New_York' })).toBe('Feb 29, 2024');
    expect(formatDate(lateEvening, { locale: 'en-US', timeZone: 'Europe/Paris' })).toBe('Mar 1, 2024');
  });

  it('shows a plain date as the same day in every time zone', () => {
    for (const timeZone of ['America/Los_Angeles', 'Pacific/Auckland']) {
      expect(formatDate('2024-03-01', { locale: 'en-US', timeZone })).toBe('Mar 1, 2024');
      expect(formatDate(new Date('2024-03-01T00:00:00Z'), { locale: 'en-US', timeZone })).toBe('Mar 1, 2024');
    }
  });

  it('follows the locale', () => {
    expect(formatDate('2024-03-01', { locale: 'fr-CA', timeZone: 'America/Toronto', style: 'long' })).toBe(
      '1 mars 2024',
    );
    expect(formatDate('2024-03-01', { locale: 'en-CA', timeZone: 'America/Toronto', style: 'short' })).toBe(
      '2024-03-01',
    );
  });
});

describe('formatDateTime', () => {
  it('shows the time in the given time zone', () => {
    const instant = new Date('2024-07-01T16:05:00Z');
    expect(spaces(formatDateTime(instant, { locale: 'en-US', timeZone: 'America/Toronto' }))).toBe(
      'Jul 1, 2024, 12:05 PM',
    );
    expect(spaces(formatDateTime(instant, { locale: 'fr-CA', timeZone: 'America/Toronto' }))).toBe(
      '1 juill. 2024, 12 h 05',
    );
  });
});
