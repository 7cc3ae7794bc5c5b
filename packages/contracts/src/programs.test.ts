import { describe, expect, it } from 'vitest';
import { PARTICIPATIONS_PAGE_SIZE } from './constants.js';
import { deriveProgramFlags, participationsQuerySchema, type Program } from './programs.js';

type Traits = Pick<Program, 'channel' | 'displayInterestRateBPS' | 'checkoutMode'>;

const ecomm = (rate: number): Traits => ({
  channel: 'ECOMM',
  displayInterestRateBPS: rate,
  checkoutMode: 'Modal',
});
const instore = (checkoutMode: Program['checkoutMode']): Traits => ({
  channel: 'INSTORE',
  displayInterestRateBPS: 0,
  checkoutMode,
});

describe('deriveProgramFlags', () => {
  it('is all false without programs', () => {
    expect(deriveProgramFlags([])).toEqual({
      ecommerce: false,
      ecommerceCheckoutSdk: false,
      instore: false,
      instoreVirtualCard: false,
    });
  });

  it('gives checkout-SDK access only to an ECOMM program with a rate above 0', () => {
    expect(deriveProgramFlags([ecomm(0)])).toMatchObject({ ecommerce: true, ecommerceCheckoutSdk: false });
    expect(deriveProgramFlags([ecomm(0), ecomm(1)])).toMatchObject({ ecommerceCheckoutSdk: true });
    // A rate on an in-store program does not count.
    expect(deriveProgramFlags([{ ...instore('Redirect'), displayInterestRateBPS: 999 }])).toMatchObject({
      ecommerce: false,
      ecommerceCheckoutSdk: false,
      instore: true,
    });
  });

  it('gives virtual-card access only to an INSTORE program in VirtualCard mode', () => {
    expect(deriveProgramFlags([instore('Redirect')])).toMatchObject({
      instore: true,
      instoreVirtualCard: false,
    });
    expect(deriveProgramFlags([instore('VirtualCard')])).toMatchObject({ instoreVirtualCard: true });
    expect(deriveProgramFlags([{ ...ecomm(100), checkoutMode: 'VirtualCard' }])).toMatchObject({
      instore: false,
      instoreVirtualCard: false,
    });
  });
});

describe('participationsQuerySchema', () => {
  it('defaults to one page of 200 without ended participations', () => {
    expect(participationsQuerySchema.parse({ 'merchantID.eq': 'm' })).toEqual({
      'merchantID.eq': 'm',
      showArchived: false,
      limit: PARTICIPATIONS_PAGE_SIZE,
      offset: 0,
    });
  });

  it('reads the query text the portal sends', () => {
    const query = { 'merchantID.eq': 'm', showArchived: 'true', limit: '200', offset: '200' };
    expect(participationsQuerySchema.parse(query)).toMatchObject({
      showArchived: true,
      limit: 200,
      offset: 200,
    });
  });

  it('refuses a page larger than 200 and a boolean it does not know', () => {
    expect(participationsQuerySchema.safeParse({ 'merchantID.eq': 'm', limit: '201' }).success).toBe(false);
    expect(participationsQuerySchema.safeParse({ 'merchantID.eq': 'm', showArchived: 'yes' }).success).toBe(
      false,
    );
  });
});
