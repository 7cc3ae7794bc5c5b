import { describe, expect, it } from 'vitest';
import { presetRange } from './date-presets';

// 03:30 UTC on 1 November 2026 is still 31 October in New York, and already 1 November in Paris.
const now = new Date('2026-11-01T03:30:00Z');

describe('the date filter presets', () => {
  it("count the days back from today in the merchant's time zone, both ends included", () => {
    expect(presetRange('today', 'America/New_York', now)).toEqual({ from: '2026-10-31', to: '2026-10-31' });
    expect(presetRange('last7Days', 'America/New_York', now)).toEqual({
      from: '2026-10-25',
      to: '2026-10-31',
    });
    expect(presetRange('last30Days', 'Europe/Paris', now)).toEqual({ from: '2026-10-03', to: '2026-11-01' });
    expect(presetRange('thisMonth', 'America/New_York', now)).toEqual({
      from: '2026-10-01',
      to: '2026-10-31',
    });
    expect(presetRange('thisMonth', 'Europe/Paris', now)).toEqual({ from: '2026-11-01', to: '2026-11-01' });
  });
});
