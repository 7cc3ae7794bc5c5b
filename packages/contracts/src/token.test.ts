import { describe, expect, it } from 'vitest';
import { NO_MERCHANT_ID } from './roles.js';
import { portalTokenClaimsSchema } from './token.js';

const claims = {
  scp: ['r:cart', 'c:tx'],
  cid: '5b0a4c1e-6d39-4f4c-9d5e-1f2a3b4c5d6e',
  tenantID: 'bread',
  sub: 'user-1',
  uid: '0e1d2c3b-4a59-4687-9564-738291a0b1c2',
  merchantID: NO_MERCHANT_ID,
};

describe('portalTokenClaimsSchema', () => {
  it('accepts the claims of §3 and drops registered JWT claims it does not describe', () => {
    expect(portalTokenClaimsSchema.parse({ ...claims, exp: 1, iss: 'x' })).toEqual(claims);
  });

  it.each(['scp', 'cid', 'tenantID', 'sub', 'uid', 'merchantID'] as const)(
    'rejects claims without %s',
    (key) => {
      const rest = Object.fromEntries(Object.entries(claims).filter(([name]) => name !== key));
      expect(portalTokenClaimsSchema.safeParse(rest).success).toBe(false);
    },
  );

  it('rejects a scope list that is not a list of strings', () => {
    expect(portalTokenClaimsSchema.safeParse({ ...claims, scp: 'r:cart' }).success).toBe(false);
    expect(portalTokenClaimsSchema.safeParse({ ...claims, scp: [1] }).success).toBe(false);
  });

  it('rejects an empty merchant id', () => {
    expect(portalTokenClaimsSchema.safeParse({ ...claims, merchantID: '' }).success).toBe(false);
  });
});
