import { z } from 'zod';
import { dataResponseSchema } from './api.js';
import {
  checkoutDesignInputSchema,
  checkoutDesignStateSchema,
  checkoutLogoSchema,
  designVersionParamsSchema,
  designVersionsSchema,
  logoUploadBodySchema,
} from './checkout-design.js';
import { defineEndpoint } from './endpoint.js';
import { SCOPES } from './scopes.js';

/**
 * The checkout design (issue 14): always the token's merchant's. Reading needs the page's scopes
 * (`r:ui_customizations`), every change `u:ui_customizations` on top.
 */
const tags = ['checkout-design'];
const read = { page: 'checkoutDesign' } as const;
const edit = { page: 'checkoutDesign', scopes: [SCOPES.checkoutDesignEdit] } as const;
const state = { status: 200, schema: dataResponseSchema(checkoutDesignStateSchema) } as const;

export const checkoutDesignEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/checkout-design',
  answer: state,
  access: read,
  summary: 'The draft design of the checkout, and its last publication',
  tags,
  errors: [401, 403, 404],
});

export const saveCheckoutDesignEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/api/checkout-design',
  body: checkoutDesignInputSchema,
  answer: state,
  access: edit,
  summary: 'Saves the draft design; shoppers still see the published one',
  tags,
  errors: [400, 401, 403, 404, 422],
});

export const publishCheckoutDesignEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/checkout-design/publish',
  body: checkoutDesignInputSchema,
  answer: state,
  access: edit,
  summary: 'Saves the draft and publishes it as a new version: shoppers see it from their next page load',
  tags,
  errors: [400, 401, 403, 404, 422],
});

export const checkoutDesignVersionsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/checkout-design/versions',
  answer: { status: 200, schema: dataResponseSchema(designVersionsSchema) },
  access: read,
  summary: 'The last published versions, newest first',
  tags,
  errors: [401, 403, 404],
});

export const restoreCheckoutDesignEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/checkout-design/versions/:version/restore',
  params: designVersionParamsSchema,
  answer: state,
  access: edit,
  summary: 'Makes a published version the draft again, to review and publish',
  tags,
  errors: [400, 401, 403, 404],
});

export const uploadCheckoutLogoEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/checkout-design/logos',
  body: logoUploadBodySchema,
  answer: { status: 201, schema: dataResponseSchema(checkoutLogoSchema) },
  access: edit,
  summary:
    'Uploads a logo (PNG, JPEG or SVG, base64): checked for its real type, size and dimensions; an SVG with scripts, event handlers, foreign objects, external references or entities is refused',
  tags,
  errors: [400, 401, 403, 404, 413, 422],
});

/** The shopper's page shows the published logo through its own link: public, by the cart's token. */
export const checkoutLogoEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/checkout/:checkoutToken/logo',
  params: z.strictObject({ checkoutToken: z.string().max(200) }),
  answer: { status: 200, file: 'image/*' },
  access: 'public',
  summary:
    "The published logo of the cart's merchant, as its real type, with nosniff and a policy that runs nothing",
  tags: ['checkout'],
  errors: [404, 429],
});
