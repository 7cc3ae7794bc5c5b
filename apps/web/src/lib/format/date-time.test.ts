import { describe, expect, it } from 'vitest';
import { formatZonedDateTime } from './date-time';

// Intl puts a narrow no-break space before AM/PM and no-break spaces in French times.
const spaces = (text: string) => text.replaceAll(/[\u202f\u00a0]/g, ' ');

describe('formatZonedDateTime', () => {
  const winter = new Date('2026-12-01T22:00:00Z');
  const summer = new Date('2026-07-01T21:00:00Z');

  it('names the zone the time is in, with its daylight saving name', () => {
    expect(spaces(formatZonedDateTime(winter, { locale: 'en-US', timeZone: 'America/New_York' }))).toBe(
      'Dec 1, 2026, 5:00 PM EST',
    );
    expect(spaces(formatZonedDateTime(summer, { locale: 'en-US', timeZone: 'America/New_York' }))).toBe(
      'Jul 1, 2026, 5:00 PM EDT',
    );
    expect(spaces(formatZonedDateTime(winter, { locale: 'en-US', timeZone: 'America/Los_Angeles' }))).toBe(
      'Dec 1, 2026, 2:00 PM PST',
    );
  });

  it('names it in French for a French reader', () => {
    expect(spaces(formatZonedDateTime(winter, { locale: 'fr-CA', timeZone: 'America/Toronto' }))).toBe(
      '1 déc. 2026, 17 h 00 HNE',
    );
  });

  it('names a zone without a name in the language by its offset', () => {
    expect(spaces(formatZonedDateTime(winter, { locale: 'en-US', timeZone: 'Europe/Paris' }))).toBe(
      'Dec 1, 2026, 11:00 PM GMT+1',
    );
    expect(spaces(formatZonedDateTime(winter, { locale: 'en-US', timeZone: 'UTC' }))).toBe(
      'Dec 1, 2026, 10:00 PM UTC',
    );
  });
});
