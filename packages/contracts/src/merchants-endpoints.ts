import { defineEndpoint } from './endpoint.js';
import { currentMerchantResponseSchema, merchantsQuerySchema, merchantsResponseSchema } from './merchants.js';

/** The merchant chooser's list and the merchant of the caller's token. */
const tags = ['merchants'];

export const merchantsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/merchants',
  query: merchantsQuerySchema,
  answer: { status: 200, schema: merchantsResponseSchema },
  access: { scopes: [] },
  summary: 'Merchants the caller may choose, by name',
  tags,
  errors: [400, 401, 403],
});

export const currentMerchantEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/merchants/current',
  answer: { status: 200, schema: currentMerchantResponseSchema },
  access: { scopes: [] },
  summary: "The merchant of the caller's token",
  tags,
  errors: [401, 403],
});
