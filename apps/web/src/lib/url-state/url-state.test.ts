import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineListUrl } from './list-state';
import { urlDay, urlInteger, urlList, urlText } from './url-params';

const definition = defineListUrl(
  {
    search: urlText(10),
    status: urlList(z.enum(['OPEN', 'CLOSED', 'LOST'])),
    from: urlDay(),
    to: urlDay(),
    min: urlInteger({ max: 1_000 }),
  },
  {
    sorts: ['createdAt', 'total'],
    defaultSort: 'createdAt',
    defaultOrder: 'desc',
    pageSizes: [25, 50, 100],
    defaultPageSize: 25,
    maxOffset: 10_000,
  },
  { ranges: [['from', 'to']] },
);

const parse = (search: string) => definition.parse(new URLSearchParams(search));

describe('URL state', () => {
  it('reads an empty URL as the defaults', () => {
    expect(parse('')).toEqual({
      search: undefined,
      status: [],
      from: undefined,
      to: undefined,
      min: undefined,
      sort: 'createdAt',
      order: 'desc',
      limit: 25,
      offset: 0,
      cursor: undefined,
      columns: [],
    });
  });

  it('round-trips a state through the URL, writing only what is not a default', () => {
    const state = {
      ...definition.defaults,
      search: 'olivia',
      status: ['LOST' as const, 'OPEN' as const],
      from: '2026-10-01',
      min: 500,
      sort: 'total' as const,
      limit: 50 as const,
      offset: 100,
    };
    const params = definition.serialize(state);
    expect(params.toString()).toBe(
      'search=olivia&status=LOST&status=OPEN&from=2026-10-01&min=500&sort=total&limit=50&offset=100',
    );
    expect(definition.parse(params)).toEqual(state);
    expect(definition.serialize(definition.defaults).toString()).toBe('');
  });

  it('drops each invalid value on its own, keeping the valid ones', () => {
    expect(
      parse(
        'status=OPEN,BOGUS&status=LOST&status=OPEN&from=2026-13-01&min=-3&sort=name&limit=33&offset=20000',
      ),
    ).toMatchObject({
      status: ['OPEN', 'LOST'],
      from: undefined,
      min: undefined,
      sort: 'createdAt',
      limit: 25,
      offset: 0,
    });
    expect(parse('min=1001').min).toBeUndefined();
    expect(parse('min=12.5').min).toBeUndefined();
    expect(parse('search=&min=').search).toBeUndefined();
    expect(parse('search=%20%20').search).toBeUndefined();
    expect(parse('search=abcdefghijklmnop').search).toBe('abcdefghij');
  });

  it('applies the rules between parameters', () => {
    expect(parse('from=2026-10-31&to=2026-10-01')).toMatchObject({ from: '2026-10-01', to: '2026-10-31' });
  });
});
