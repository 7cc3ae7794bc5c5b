import type { CheckoutDesignInput } from '@portal/contracts/checkout-design';

/** A valid checkout design body, with these fields changed. */
export function checkoutDesignInput(overrides: Partial<CheckoutDesignInput> = {}): CheckoutDesignInput {
  return {
    primaryColor: '#0b5394',
    buttonColor: '#0b5394',
    buttonTextColor: '#ffffff',
    backgroundColor: '#fafafa',
    textColor: '#1b1b1b',
    buttonStyle: 'PILL',
    displayMode: 'EMBEDDED',
    shopName: 'Northwind Outfitters',
    logoId: null,
    ...overrides,
  };
}
