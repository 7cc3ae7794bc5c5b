import { describe, expect, it } from 'vitest';
import type { VerifiedPortalToken } from './portal-token.js';
import { VerifiedTokens } from './verified-tokens.js';

const NOW = Date.parse('2026-11-02T12:00:00.000Z');

function verified(expiresInMs: number): VerifiedPortalToken {
  return {
    userId: 'u',
    email: 'a@example.com',
    role: 'ADMIN',
    scopes: [],
    tenantId: null,
    merchantId: null,
    sessionId: 's',
    tokenId: 'j',
    expiresAt: new Date(NOW + expiresInMs),
  };
}

describe('remembered token verifications', () => {
  it('answers a token verified lately, only by its exact text', () => {
    const tokens = new VerifiedTokens(30_000, 10);
    const claims = tokens.remember('a.b.c', verified(900_000), NOW);
    expect(tokens.get('a.b.c', NOW + 29_999)).toBe(claims);
    expect(tokens.get('a.b.C', NOW)).toBeUndefined();
  });

  it('forgets it after its time to live', () => {
    const tokens = new VerifiedTokens(30_000, 10);
    tokens.remember('a.b.c', verified(900_000), NOW);
    expect(tokens.get('a.b.c', NOW + 30_000)).toBeUndefined();
  });

  it('never answers a token past its own expiry', () => {
    const tokens = new VerifiedTokens(30_000, 10);
    tokens.remember('a.b.c', verified(10_000), NOW);
    expect(tokens.get('a.b.c', NOW + 9_999)).toBeDefined();
    expect(tokens.get('a.b.c', NOW + 10_000)).toBeUndefined();
    tokens.remember('x.y.z', verified(-1), NOW);
    expect(tokens.get('x.y.z', NOW)).toBeUndefined();
  });

  it('holds at most its limit, the oldest leaving first', () => {
    const tokens = new VerifiedTokens(30_000, 2);
    tokens.remember('1', verified(900_000), NOW);
    tokens.remember('2', verified(900_000), NOW);
    tokens.remember('3', verified(900_000), NOW);
    expect(tokens.get('1', NOW)).toBeUndefined();
    expect(tokens.get('2', NOW)).toBeDefined();
    expect(tokens.get('3', NOW)).toBeDefined();
  });
});
