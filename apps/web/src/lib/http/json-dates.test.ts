import { describe, expect, it } from 'vitest';
import { formatWireDate, serializeDates } from './json-dates';

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
});
