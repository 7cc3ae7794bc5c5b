import { describe, expect, it } from 'vitest';
import { instalmentPayment, lowestOffer, placementMessage } from './placement-offers.js';
import type { Placement, PlanTerms } from './placements.js';

const monthly = (numPayments: number, rateBps: number): PlanTerms => ({
  productType: 'INSTALLMENTS',
  frequency: 'MONTHLY',
  numPayments,
  rateBps,
});
const SPLIT_PAY: PlanTerms = { productType: 'SPLITPAY', frequency: 'BIWEEKLY', numPayments: 4, rateBps: 0 };
const ON: Placement = {
  enabled: true,
  style: 'text',
  theme: 'light',
  threshold: { currency: 'USD', value: 5000 },
};

describe('instalmentPayment', () => {
  it('gives the textbook amortized payments', () => {
    // $10,000 at 6 % over 60 months: $193.33 (193.328…).
    expect(instalmentPayment(1_000_000, monthly(60, 600))).toBe(19_333);
    // A $200,000 mortgage at 6 % over 30 years: $1,199.10.
    expect(instalmentPayment(20_000_000, monthly(360, 600))).toBe(119_910);
    // $1,000 at 7.99 % over 24 months: $45.22 (45.2227…).
    expect(instalmentPayment(100_000, monthly(24, 799))).toBe(4_522);
    // $1,000 at 12.99 % over 36 months: $33.69 (33.689…, rounded up as the nearest cent).
    expect(instalmentPayment(100_000, monthly(36, 1299))).toBe(3_369);
  });

  it('divides a 0 % plan evenly, to the nearest cent, half a cent up', () => {
    expect(instalmentPayment(10_000, SPLIT_PAY)).toBe(2_500);
    // $100.00 in 3: $33.33 (the last payment is $33.34).
    expect(instalmentPayment(10_000, monthly(3, 0))).toBe(3_333);
    // $0.10 in 4: 2.5 cents is a half, rounded up.
    expect(instalmentPayment(10, SPLIT_PAY)).toBe(3);
  });

  it('uses 26 periods a year for a bi-weekly plan with interest', () => {
    // $1,000 at 10 % over 26 bi-weekly payments: r = 0.1/26; $40.49 (40.4905…).
    expect(instalmentPayment(100_000, { ...SPLIT_PAY, numPayments: 26, rateBps: 1000 })).toBe(4_049);
  });
});

describe('lowestOffer', () => {
  it('picks the plan that costs the least a month', () => {
    const plans = [monthly(12, 0), monthly(24, 799), SPLIT_PAY];
    // $1,000: 12 × $83.33, 24 × $45.22, 4 bi-weekly × $250 (≈ $541.67 a month).
    expect(lowestOffer(100_000, plans)).toEqual({ plan: plans[1], payment: 4_522 });
  });

  it('has nothing to offer without a plan', () => {
    expect(lowestOffer(100_000, [])).toBeUndefined();
  });
});

describe('placementMessage', () => {
  it('writes the figure in English and Canadian French', () => {
    expect(placementMessage({ currency: 'USD', value: 100_000 }, ON, [monthly(24, 799)], 'en')).toEqual({
      text: 'As low as $45.22/month for 24 months at 7.99% APR',
      payment: { currency: 'USD', value: 4_522 },
      plan: monthly(24, 799),
    });
    const cad = { ...ON, threshold: { currency: 'CAD' as const, value: 0 } };
    expect(placementMessage({ currency: 'CAD', value: 100_000 }, cad, [SPLIT_PAY], 'fr-CA')?.text).toBe(
      'À partir de 4 versements de 250,00\u00a0$ aux deux semaines au taux annuel de 0\u00a0%',
    );
  });

  it('shows nothing below the threshold, for a page turned off, or without a plan', () => {
    const plans = [monthly(24, 799)];
    expect(placementMessage({ currency: 'USD', value: 4_999 }, ON, plans, 'en')).toBeNull();
    expect(placementMessage({ currency: 'USD', value: 5_000 }, ON, plans, 'en')).not.toBeNull();
    expect(
      placementMessage({ currency: 'USD', value: 100_000 }, { ...ON, enabled: false }, plans, 'en'),
    ).toBeNull();
    expect(placementMessage({ currency: 'USD', value: 100_000 }, ON, [], 'en')).toBeNull();
  });
});
