import { describe, expect, it } from 'vitest';
import { buildQueryString } from './query-string';

describe('buildQueryString', () => {
  it('builds the participations query of §7 with its dotted key', () => {
    expect(buildQueryString({ 'merchantID.eq': 'm-1', showArchived: true, limit: 200, offset: 400 })).toBe(
      '?merchantID.eq=m-1&showArchived=true&limit=200&offset=400',
    );
  });

  it('is empty without parameters or with only unset ones', () => {
    expect(buildQueryString()).toBe('');
    expect(buildQueryString({ status: undefined, q: null })).toBe('');
  });

  it('repeats the key of a list and encodes values', () => {
    expect(buildQueryString({ status: ['SETTLED', 'REFUNDED'], q: 'a&b c' })).toBe(
      '?status=SETTLED&status=REFUNDED&q=a%26b+c',
    );
  });

  it('sends dates as wire text', () => {
    expect(
      buildQueryString({
        'createdAt.gte': new Date('2024-03-01T00:00:00Z'),
        'createdAt.lt': new Date('2024-03-01T12:30:00Z'),
      }),
    ).toBe('?createdAt.gte=2024-03-01&createdAt.lt=2024-03-01T12%3A30%3A00.000Z');
  });
});
