import { describe, expect, it } from 'vitest';
import { isKnownTimeZone, nextDay, zonedDayStart, ZonedTimeFormatter, zoneOffsetMs } from './time-zone.js';

describe('time zones', () => {
  it('finds the offset of a zone at an instant, daylight saving included', () => {
    expect(zoneOffsetMs('America/New_York', Date.parse('2026-01-15T12:00:00Z'))).toBe(-5 * 3_600_000);
    expect(zoneOffsetMs('America/New_York', Date.parse('2026-07-15T12:00:00Z'))).toBe(-4 * 3_600_000);
    expect(zoneOffsetMs('Asia/Kolkata', Date.parse('2026-07-15T12:00:00Z'))).toBe(5.5 * 3_600_000);
    expect(zoneOffsetMs('UTC', Date.parse('2026-07-15T12:00:00.750Z'))).toBe(0);
  });

  it('gives the instant a local day begins, on both sides of a clock change', () => {
    expect(new Date(zonedDayStart('2026-01-15', 'America/New_York')).toISOString()).toBe(
      '2026-01-15T05:00:00.000Z',
    );
    expect(new Date(zonedDayStart('2026-07-15', 'America/New_York')).toISOString()).toBe(
      '2026-07-15T04:00:00.000Z',
    );
    // The clocks go forward at 02:00 on 8 March 2026 and back on 1 November 2026.
    expect(new Date(zonedDayStart('2026-03-08', 'America/New_York')).toISOString()).toBe(
      '2026-03-08T05:00:00.000Z',
    );
    expect(new Date(zonedDayStart('2026-03-09', 'America/New_York')).toISOString()).toBe(
      '2026-03-09T04:00:00.000Z',
    );
    expect(new Date(zonedDayStart('2026-11-02', 'America/New_York')).toISOString()).toBe(
      '2026-11-02T05:00:00.000Z',
    );
    expect(new Date(zonedDayStart('2026-05-01', 'Asia/Tokyo')).toISOString()).toBe(
      '2026-04-30T15:00:00.000Z',
    );
  });

  it('starts the day at the first instant that exists where midnight is skipped', () => {
    // Santiago moved its clocks from 24:00 to 01:00 on 6 September 2026.
    expect(new Date(zonedDayStart('2026-09-06', 'America/Santiago')).toISOString()).toBe(
      '2026-09-06T04:00:00.000Z',
    );
  });

  it('steps to the next calendar day across months and years', () => {
    expect(nextDay('2026-02-28')).toBe('2026-03-01');
    expect(nextDay('2028-02-28')).toBe('2028-02-29');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
  });

  it('formats instants as wall-clock time of the zone', () => {
    const formatter = new ZonedTimeFormatter('America/Toronto');
    expect(formatter.format('2026-07-04T16:00:00.000Z')).toBe('2026-07-04 12:00:00');
    expect(formatter.format('2026-01-04T16:00:59.999Z')).toBe('2026-01-04 11:00:59');
    // 06:59 UTC is 01:59 EST; an hour later the clocks have gone back once more: 01:59 EST again.
    expect(formatter.format('2026-11-01T05:59:00.000Z')).toBe('2026-11-01 01:59:00');
    expect(formatter.format('2026-11-01T06:59:00.000Z')).toBe('2026-11-01 01:59:00');
    expect(formatter.format('2026-11-01T04:59:00.000Z')).toBe('2026-11-01 00:59:00');
  });

  it('knows which zones exist', () => {
    expect(isKnownTimeZone('America/Toronto')).toBe(true);
    expect(isKnownTimeZone('Mars/Olympus_Mons')).toBe(false);
  });
});
