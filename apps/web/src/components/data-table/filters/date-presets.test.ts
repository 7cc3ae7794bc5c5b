import { describe, expect, it } from 'vitest';
import { addDays, dayIn, presetRange } from './date-presets';

// 03:30 UTC on 1 November 2026 is still 31 October in New York, and already 1 November in Paris.
const now = new Date('2026-11-01T03:30:00Z');

describe('date presets', () => {
  it("take today in the merchant's time zone", () => {
    expect(dayIn('America/New_York', now)).toBe('2026-10-31');
    expect(dayIn('Europe/Paris', now)).toBe('2026-11-01');
    expect(presetRange('today', 'America/New_York', now)).toEqual({ from: '2026-10-31', to: '2026-10-31' });
  });

  it('count the days back from today, both ends included', () => {
    expect(presetRange('last7Days', 'America/New_York', now)).toEqual({
      from: '2026-10-25',
      to: '2026-10-31',
    });
    expect(presetRange('last30Days', 'Europe/Paris', now)).toEqual({ from: '2026-10-03', to: '2026-11-01' });
    expect(presetRange('last90Days', 'Europe/Paris', now)).toEqual({ from: '2026-08-04', to: '2026-11-01' });
    expect(presetRange('thisMonth', 'America/New_York', now)).toEqual({
      from: '2026-10-01',
      to: '2026-10-31',
    });
    expect(presetRange('thisMonth', 'Europe/Paris', now)).toEqual({ from: '2026-11-01', to: '2026-11-01' });
  });

  it('move by calendar days, month ends and leap days included', () => {
    expect(addDays('2026-11-02', -1)).toBe('2026-11-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
  });
});
