import { describe, expect, it } from 'vitest';
import {
  isKnownTimeZone,
  nextDay,
  utcTextToInstant,
  zonedDayStart,
  ZonedTimeFormatter,
  zoneOffsetMs,
} from './time-zone.js';

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

describe('the zoned formatter of exports', () => {
  const ZONES = [
    'UTC',
    'America/New_York',
    'America/St_Johns',
    'Asia/Kathmandu',
    'Australia/Lord_Howe',
    'America/Santiago',
    'Europe/Paris',
  ];
  // A random walk over ten years in steps of up to a day, clock changes included, plus their edges.
  const instants: number[] = [];
  let instant = Date.parse('2019-01-01T00:00:00.000Z');
  let seed = 7;
  while (instant < Date.parse('2029-01-01T00:00:00.000Z')) {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    instant += seed % 86_400_000;
    instants.push(instant);
  }

  it.each(ZONES)('writes what Intl writes for the same instant (%s)', (zone) => {
    const reference = new Intl.DateTimeFormat('sv-SE', {
      timeZone: zone,
      dateStyle: 'short',
      timeStyle: 'medium',
    });
    const formatter = new ZonedTimeFormatter(zone);
    const edges = [Date.parse('2019-03-10T05:29:59.999Z'), Date.parse('2019-03-10T05:30:00.000Z')];
    for (const at of [...instants, ...edges]) {
      expect(formatter.formatInstant(at), new Date(at).toISOString()).toBe(reference.format(at));
      expect(formatter.format(new Date(at).toISOString())).toBe(reference.format(at));
    }
  });

  it('reads the UTC text of both databases to the millisecond, and anything else through Date', () => {
    for (const text of [
      '2026-10-31T12:34:56.789Z',
      '2026-10-31T12:34:56Z',
      '2026-10-31 12:34:56.789+00',
      '2026-10-31 12:34:56.789123+00',
      '2026-10-31 12:34:56+00',
      '2026-10-31T12:34:56.789+02:00',
      '0099-01-01T00:00:00.000Z',
    ]) {
      const expected = Date.parse(text.replace(' ', 'T').replace(/\+00$/, 'Z'));
      expect(utcTextToInstant(text), text).toBe(expected);
    }
  });
});
