import { defaultCartExpiry, type CartInput } from '@portal/contracts/carts';
import type { CartDetailAnswer } from './api/cart-schemas';
import { EMPTY_ITEM } from './components/cart-form';

const NO_ADDRESS = { line1: '', line2: '', city: '', region: '', postalCode: '', country: '' };

/** A new cart: one empty item, no charges, shipping to the billing address, expiring in 7 days. */
export function newCartInput(now = new Date()): CartInput {
  return {
    name: '',
    orderReference: '',
    items: [EMPTY_ITEM],
    customTotal: null,
    shipping: 0,
    tax: 0,
    discount: 0,
    shopper: {
      name: '',
      email: '',
      phone: '',
      billingAddress: { ...NO_ADDRESS, country: 'US' },
      shippingSameAsBilling: true,
      shippingAddress: null,
    },
    callbackUrl: '',
    completeUrl: '',
    errorUrl: '',
    expiresAt: defaultCartExpiry(now),
  };
}

/** The form's values for editing a cart as it is. */
export function cartInputOf(cart: CartDetailAnswer): CartInput {
  return {
    name: cart.name,
    orderReference: cart.orderReference,
    items: cart.items,
    customTotal: cart.customTotal,
    shipping: cart.totals.shipping,
    tax: cart.totals.tax - cart.items.reduce((sum, item) => sum + item.quantity * item.unitTax, 0),
    discount: cart.totals.discount,
    shopper: cart.shopper,
    callbackUrl: cart.callbackUrl,
    completeUrl: cart.completeUrl,
    errorUrl: cart.errorUrl,
    expiresAt: cart.expiresAt.toISOString(),
  };
}
