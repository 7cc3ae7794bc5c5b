import { describe, expect, it } from 'vitest';
import { formatWireDate, parseJsonWithDates, parseWireDate, serializeDates } from './json-dates';

describe('parseWireDate', () => {
  it.each([
    ['2024-03-15', '2024-03-15T00:00:00.000Z'],
    ['2024-02-29', '2024-02-29T00:00:00.000Z'],
    ['2024-03-15T10:20:30Z', '2024-03-15T10:20:30.000Z'],
    ['2024-03-15T10:20:30.123Z', '2024-03-15T10:20:30.123Z'],
    ['2024-03-15T10:20Z', '2024-03-15T10:20:00.000Z'],
    ['2024-03-15T10:20:30+05:30', '2024-03-15T04:50:30.000Z'],
    ['2024-03-15T23:59:59.999-04:00', '2024-03-16T03:59:59.999Z'],
  ])('reads %s as %s', (text, iso) => {
    expect(parseWireDate(text)?.toISOString()).toBe(iso);
  });

  it.each([
    '2024-13-45',
    '2024-02-30',
    '2023-02-29',
    '2024-00-10',
    '2024-03-00',
    '2024-03-15T24:00:00Z',
    '2024-03-15T10:60:00Z',
    '2024-03-15T10:20:61Z',
    // No zone: which instant it means depends on the browser.
    '2024-03-15T10:20:30',
    '2024-03-15 10:20:30Z',
    '20240315',
    '2024-3-15',
    '5b0a4c1e-6d39-4f4c-9d5e-1f2a3b4c5d6e',
    'ORDER-2024-03-15',
    '2024-03-15 is the day',
    '',
  ])('leaves %j alone', (text) => {
    expect(parseWireDate(text)).toBeNull();
  });
});

describe('parseJsonWithDates', () => {
  it('turns date strings into Dates at any depth and leaves everything else', () => {
    const value = parseJsonWithDates(
      JSON.stringify({
        id: '2024',
        createdAt: '2024-03-15T10:20:30.000Z',
        nested: { items: [{ settledOn: '2024-03-15' }, { note: '2024-13-45' }] },
        count: 3,
        empty: null,
      }),
    );
    expect(value).toEqual({
      id: '2024',
      createdAt: new Date('2024-03-15T10:20:30.000Z'),
      nested: { items: [{ settledOn: new Date('2024-03-15T00:00:00Z') }, { note: '2024-13-45' }] },
      count: 3,
      empty: null,
    });
  });
});

describe('formatWireDate and serializeDates', () => {
  it('sends a midnight-UTC date as a plain date and any other as ISO text', () => {
    expect(formatWireDate(new Date('2024-03-15T00:00:00Z'))).toBe('2024-03-15');
    expect(formatWireDate(new Date('2024-03-15T00:00:00.001Z'))).toBe('2024-03-15T00:00:00.001Z');
    expect(formatWireDate(new Date('2024-03-15T00:00:00+01:00'))).toBe('2024-03-14T23:00:00.000Z');
  });

  it('replaces Dates at any depth and keeps other values', () => {
    expect(
      serializeDates({
        from: new Date('2024-03-01T00:00:00Z'),
        at: new Date('2024-03-01T12:00:00Z'),
        list: [new Date('2024-03-02T00:00:00Z'), 'text', 1, null],
        nested: { flag: true },
      }),
    ).toEqual({
      from: '2024-03-01',
      at: '2024-03-01T12:00:00.000Z',
      list: ['2024-03-02', 'text', 1, null],
      nested: { flag: true },
    });
  });

  it('round-trips: what is sent reads back as the same instant', () => {
    for (const date of [new Date('2024-03-15T00:00:00Z'), new Date('2024-03-15T08:09:10.011Z')]) {
      expect(parseWireDate(formatWireDate(date))?.getTime()).toBe(date.getTime());
    }
  });
});
