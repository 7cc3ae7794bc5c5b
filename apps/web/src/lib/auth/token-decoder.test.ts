import { NO_MERCHANT_ID } from '@portal/contracts/roles';
import { describe, expect, it } from 'vitest';
import { decodeToken, TokenDecodeError, type TokenDecodeFailure } from './token-decoder';

const claims = {
  scp: ['r:merchant.settings', 'c:tx'],
  cid: 'a3f1c9d2-7b4e-4d1a-9c2b-5e6f7a8b9c0d',
  tenantID: 'bread',
  sub: 'provider-user-7',
  uid: '6c1e2d3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
  merchantID: NO_MERCHANT_ID,
};

function base64Url(text: string): string {
  const binary = Array.from(new TextEncoder().encode(text), (byte) => String.fromCharCode(byte)).join('');
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function jwt(payload: string): string {
  return `${base64Url('{"alg":"ES256","typ":"JWT"}')}.${payload}.c2lnbmF0dXJl`;
}

function failure(token: unknown): TokenDecodeFailure | undefined {
  try {
    decodeToken(token);
  } catch (error) {
    if (error instanceof TokenDecodeError) return error.reason;
    throw error;
  }
  return undefined;
}

describe('decodeToken', () => {
  it('returns the claims of a good token', () => {
    expect(decodeToken(jwt(base64Url(JSON.stringify({ ...claims, exp: 1_900_000_000 }))))).toEqual(claims);
  });

  it('reads payloads whose base64url text uses - and _ and non-ASCII text', () => {
    // '?>' and 'é' encode to base64 text with '/' or '+', which base64url writes as '_' and '-'.
    const payload = base64Url(JSON.stringify({ ...claims, tenantID: 'Montréal ?>?>' }));
    expect(payload).toMatch(/[-_]/);
    expect(decodeToken(jwt(payload)).tenantID).toBe('Montréal ?>?>');
  });

  it.each([undefined, null, 42, {}, ['a.b.c']])('rejects %j, which is not a string', (token) => {
    expect(failure(token)).toBe('NOT_A_STRING');
  });

  it.each(['', 'header-only', 'header..signature'])('rejects %j, which lacks its payload part', (token) => {
    expect(failure(token)).toBe('MISSING_PAYLOAD');
  });

  it.each(['not*base64', 'abcde', 'ab=c', 'a b c d'])('rejects the payload %j as bad base64', (payload) => {
    expect(failure(jwt(payload))).toBe('BAD_BASE64');
  });

  it.each([base64Url('{"scp": ['), base64Url('not json'), btoa('\xff\xfe{}')])(
    'rejects the payload %j as bad JSON',
    (payload) => {
      expect(failure(jwt(payload))).toBe('BAD_JSON');
    },
  );

  it('rejects JSON that lacks the claims of §3', () => {
    const withoutUid: Partial<typeof claims> = { ...claims };
    delete withoutUid.uid;
    expect(failure(jwt(base64Url(JSON.stringify(withoutUid))))).toBe('INVALID_CLAIMS');
    expect(failure(jwt(base64Url('"a string"')))).toBe('INVALID_CLAIMS');
  });

  it('is an Error with the reason in its message', () => {
    const error = new TokenDecodeError('BAD_JSON');
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toContain('BAD_JSON');
  });
});
