import { describe, expect, it } from 'vitest';
import { addDays, chooseDayRange, dayIn, dayRangeOf } from './day-ranges';

describe('day ranges', () => {
  it("take today in the merchant's time zone", () => {
    // 03:30 UTC on 1 November 2026 is still 31 October in New York, and already 1 November in Paris.
    const now = new Date('2026-11-01T03:30:00Z');
    expect(dayIn('America/New_York', now)).toBe('2026-10-31');
    expect(dayIn('Europe/Paris', now)).toBe('2026-11-01');
  });

  it('move by calendar days, month ends and leap days included', () => {
    expect(addDays('2026-11-02', -1)).toBe('2026-11-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
  });

  it('count the days back from today, both ends included', () => {
    const today = '2026-11-01';
    expect(dayRangeOf('today', today)).toEqual({ from: today, to: today });
    expect(dayRangeOf('last7Days', today)).toEqual({ from: '2026-10-26', to: today });
    expect(dayRangeOf('last30Days', today)).toEqual({ from: '2026-10-03', to: today });
    expect(dayRangeOf('last90Days', today)).toEqual({ from: '2026-08-04', to: today });
    expect(dayRangeOf('last12Months', today)).toEqual({ from: '2025-11-02', to: today });
  });

  it('take the calendar for yesterday, months and the year, across their ends', () => {
    expect(dayRangeOf('yesterday', '2026-03-01')).toEqual({ from: '2026-02-28', to: '2026-02-28' });
    expect(dayRangeOf('thisMonth', '2026-03-01')).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(dayRangeOf('thisMonth', '2026-10-31')).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(dayRangeOf('lastMonth', '2028-03-15')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    // January's last month is the December before it.
    expect(dayRangeOf('lastMonth', '2027-01-01')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(dayRangeOf('yearToDate', '2027-01-01')).toEqual({ from: '2027-01-01', to: '2027-01-01' });
    expect(dayRangeOf('yearToDate', '2026-11-01')).toEqual({ from: '2026-01-01', to: '2026-11-01' });
  });

  it("choose a custom range when the URL has both ends, else its preset or the page's default", () => {
    const reversed = ({ from, to }: { from: string; to: string }) => (to < from ? 'reversed' : null);
    const today = '2026-11-01';
    expect(chooseDayRange({}, 'last7Days', today, reversed)).toEqual({
      choice: 'last7Days',
      range: { from: '2026-10-26', to: today },
      problem: null,
    });
    expect(chooseDayRange({ preset: 'lastMonth' }, 'last7Days', today, reversed).range).toEqual({
      from: '2026-10-01',
      to: '2026-10-31',
    });
    // One end alone is no custom range: the preset stands.
    expect(chooseDayRange({ from: '2026-09-01' }, 'last7Days', today, reversed).choice).toBe('last7Days');
    expect(
      chooseDayRange(
        { preset: 'thisMonth', from: '2026-10-10', to: '2026-10-01' },
        'last7Days',
        today,
        reversed,
      ),
    ).toEqual({ choice: 'custom', range: { from: '2026-10-10', to: '2026-10-01' }, problem: 'reversed' });
  });
});
