import type { CartInput } from '@portal/contracts/carts';
import { DAY_MS } from '@portal/contracts/constants';

/** A valid cart body: two items, shipping, a discount, a shopper, expiring in three days. */
export function cartInput(overrides: Partial<CartInput> = {}): CartInput {
  return {
    name: 'Spring tent order',
    orderReference: `ORD-${Math.random().toString(36).slice(2, 10)}`,
    items: [
      { name: 'Trail tent', sku: 'TENT-2', quantity: 1, unitPrice: 25_000, unitTax: 2_000 },
      { name: 'Tent pegs', sku: 'PEG-10', quantity: 2, unitPrice: 1_500, unitTax: 120 },
    ],
    customTotal: null,
    shipping: 1_000,
    tax: 0,
    discount: 500,
    shopper: {
      name: 'Jane Shopper',
      email: 'jane.shopper@example.com',
      phone: '+1 212 555 0100',
      billingAddress: {
        line1: '1 Main Street',
        line2: '',
        city: 'New York',
        region: 'NY',
        postalCode: '10001',
        country: 'US',
      },
      shippingSameAsBilling: true,
      shippingAddress: null,
    },
    callbackUrl: '',
    completeUrl: 'https://shop.example/thanks',
    errorUrl: '',
    expiresAt: new Date(Date.now() + 3 * DAY_MS).toISOString(),
    ...overrides,
  };
}

/** 25,000 + 2 × 1,500 + 2,000 + 2 × 120 + 1,000 − 500. */
export const CART_INPUT_TOTAL = 30_740;
