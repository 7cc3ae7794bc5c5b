import { z } from 'zod';
import { dataResponseSchema } from './api.js';
import {
  cartDetailSchema,
  cartInputSchema,
  cartListQuerySchema,
  cartListResponseSchema,
  checkoutCartSchema,
  checkoutCompletionSchema,
  type CartAction,
} from './carts.js';
import { defineEndpoint } from './endpoint.js';
import { SCOPES } from './scopes.js';

/**
 * Carts of issue 5, the merchant's side. Every endpoint carries a cart page's access (so the rbc brand
 * has none of them); changes need `w:cart` (create) or `u:cart`. Another merchant's cart answers as one
 * that does not exist (403), as transactions do.
 */
const tags = ['carts'];
const cartParams = z.strictObject({ cartId: z.uuid() });
const oneCart = { status: 200, schema: dataResponseSchema(cartDetailSchema) } as const;
/** Edit, notify, resend and expire: the cart page's access plus `u:cart` (specification §6). */
const update = { page: 'cart', scopes: [SCOPES.cartUpdate] } as const;

export const listCartsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/carts',
  query: cartListQuerySchema,
  answer: { status: 200, schema: dataResponseSchema(cartListResponseSchema) },
  access: { page: 'carts' },
  summary: 'A page of the filtered, sorted carts',
  tags,
  errors: [400, 401, 403],
});

export const createCartEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/carts',
  body: cartInputSchema,
  answer: { ...oneCart, status: 201 },
  access: { page: 'cartCreate' },
  idempotent: true,
  summary: 'Creates a cart (ACTIVE); notify sends its link',
  tags,
  errors: [400, 401, 403],
});

export const cartEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/carts/:cartId',
  params: cartParams,
  answer: oneCart,
  access: { page: 'cart' },
  summary: 'One cart with its items, status history and notifications',
  tags,
  errors: [400, 401, 403],
});

export const updateCartEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/api/carts/:cartId',
  params: cartParams,
  body: cartInputSchema,
  answer: oneCart,
  access: update,
  summary: 'Replaces an ACTIVE or SENT cart',
  tags,
  errors: [400, 401, 403, 409],
});

const ACTION_SUMMARIES: Readonly<Record<CartAction, string>> = {
  notify: 'E-mails the link to the shopper; the cart becomes SENT (not again within a minute: 409)',
  resend: 'E-mails the link to the shopper again (not within a minute of the last: 409)',
  expire: 'Expires an ACTIVE or SENT cart now: its link opens nothing any more',
};

function cartActionEndpoint(action: CartAction) {
  return defineEndpoint({
    method: 'POST',
    path: `/api/carts/:cartId/${action}`,
    params: cartParams,
    answer: oneCart,
    access: update,
    idempotent: true,
    summary: ACTION_SUMMARIES[action],
    tags,
    // An e-mail to the shopper is limited per cart (429) and not sent again within
    // CART_LINK_RESEND_INTERVAL_MS of the last one (409).
    errors: action === 'expire' ? [400, 401, 403, 409] : [400, 401, 403, 409, 429],
  });
}

export const cartActionEndpoints = {
  notify: cartActionEndpoint('notify'),
  resend: cartActionEndpoint('resend'),
  expire: cartActionEndpoint('expire'),
} as const satisfies Record<CartAction, unknown>;

/**
 * The shopper's side of a cart (issue 5): public, reached only with the link's token. An unknown token
 * is 404 with no hint; completing twice is 409, and so is completing a declined cart or declining a
 * completed one.
 */
// Tokens are 43 base64url characters; anything else cannot open a cart, and says so the same way.
const tokenParams = z.strictObject({ checkoutToken: z.string().max(200) });

export const checkoutEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/checkout/:checkoutToken',
  params: tokenParams,
  answer: { status: 200, schema: dataResponseSchema(checkoutCartSchema) },
  access: 'public',
  summary: 'The cart of a payment link, as the shopper sees it (no sign-in)',
  tags: ['checkout'],
  errors: [404, 429],
});

export const completeCheckoutEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/checkout/:checkoutToken/complete',
  params: tokenParams,
  answer: { status: 200, schema: dataResponseSchema(checkoutCompletionSchema) },
  access: 'public',
  summary: 'The shopper completes the cart: an authorized transaction is made',
  tags: ['checkout'],
  errors: [404, 409, 429],
});

export const declineCheckoutEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/checkout/:checkoutToken/decline',
  params: tokenParams,
  answer: { status: 200, schema: dataResponseSchema(checkoutCartSchema) },
  access: 'public',
  summary:
    'The shopper declines the cart: it becomes DECLINED, which its history shows the merchant; declining again answers the same',
  tags: ['checkout'],
  errors: [404, 409, 429],
});
