import { describe, expect, it } from 'vitest';
import { formatMailDateTime } from './mail-format.js';

// Intl puts a narrow no-break space before AM/PM and no-break spaces in French times.
const spaces = (text: string) => text.replaceAll(/[\u202f\u00a0]/g, ' ');

describe('a date-time in a message', () => {
  it("is in the merchant's zone, which it names", () => {
    expect(spaces(formatMailDateTime('2026-12-01T12:00:00.000Z', 'en', 'America/New_York'))).toBe(
      'December 1, 2026 at 7:00 AM EST',
    );
    expect(spaces(formatMailDateTime('2026-07-01T12:00:00.000Z', 'en', 'America/Los_Angeles'))).toBe(
      'July 1, 2026 at 5:00 AM PDT',
    );
    expect(spaces(formatMailDateTime('2026-12-01T12:00:00.000Z', 'fr-CA', 'America/Toronto'))).toBe(
      '1 décembre 2026 à 07 h 00 HNE',
    );
  });

  it('falls back to UTC, named, for a zone the runtime does not know', () => {
    expect(spaces(formatMailDateTime('2026-12-01T12:00:00.000Z', 'en', 'Mars/Olympus_Mons'))).toBe(
      'December 1, 2026 at 12:00 PM UTC',
    );
  });
});
