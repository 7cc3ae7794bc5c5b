import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dateTime } from './date-time.js';
import { defineEndpoint, endpointUrl, scopesOf } from './endpoint.js';
import { SCOPES } from './scopes.js';

const answer = { status: 200, schema: z.object({ ok: z.boolean() }) } as const;
const roleEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/api/users/:id/role',
  params: z.object({ id: z.string() }),
  answer,
  access: 'public',
  summary: 'A test endpoint',
  tags: ['test'],
  errors: [],
});

describe('defineEndpoint', () => {
  it('refuses, at compile time, a declaration without access or with params that miss the pattern', () => {
    const declarations = [
      // @ts-expect-error -- an endpoint must say who may call it.
      defineEndpoint({ method: 'GET', path: '/api/x', answer, summary: 'x', tags: [], errors: [] }),
      defineEndpoint({
        method: 'GET',
        path: '/api/x/:id',
        // @ts-expect-error -- the pattern has `:id`, the params schema does not.
        params: z.object({ other: z.string() }),
        answer,
        access: 'public',
        summary: 'x',
        tags: [],
        errors: [],
      }),
      // @ts-expect-error -- a pattern with parameters needs their schema.
      defineEndpoint({
        method: 'GET',
        path: '/api/x/:id',
        answer,
        access: 'public',
        summary: 'x',
        tags: [],
        errors: [],
      }),
    ];
    expect(declarations).toHaveLength(3);
  });
});

describe('endpointUrl', () => {
  it('fills the pattern with each value encoded as one path segment', () => {
    expect(endpointUrl(roleEndpoint, { id: 'a/b c?' })).toBe('/api/users/a%2Fb%20c%3F/role');
  });

  it('gives a pattern without parameters as it is', () => {
    expect(endpointUrl({ path: '/api/users' })).toBe('/api/users');
  });

  it('refuses a missing value rather than calling a wrong URL', () => {
    const values = {} as { id: string };
    expect(() => endpointUrl(roleEndpoint, values)).toThrow(':id');
  });
});

describe('dateTime', () => {
  it('decodes ISO text with an offset to a Date and encodes a Date back to UTC text', () => {
    const date = dateTime.parse('2026-11-01T10:00:00-04:00');
    expect(date.toISOString()).toBe('2026-11-01T14:00:00.000Z');
    expect(dateTime.encode(date)).toBe('2026-11-01T14:00:00.000Z');
  });

  it('refuses text that is only shaped like a date', () => {
    expect(dateTime.safeParse('2026-11-01').success).toBe(false);
  });
});

describe('scopesOf', () => {
  it("adds an endpoint's own scopes to those of its page", () => {
    expect(scopesOf({ page: 'cart', scopes: [SCOPES.cartUpdate] })).toEqual([
      SCOPES.cartView,
      SCOPES.cartUpdate,
    ]);
    expect(scopesOf({ page: 'userManagement' })).toEqual([SCOPES.usersRead]);
    expect(scopesOf({ scopes: [] })).toEqual([]);
  });
});
