import { defineEndpoint } from './endpoint.js';
import { currentMerchantResponseSchema, merchantsQuerySchema, merchantsResponseSchema } from './merchants.js';
import { merchantSettingsBodySchema, merchantSettingsResponseSchema } from './merchant-settings.js';
import { SCOPES } from './scopes.js';

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

export const merchantSettingsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/merchants/current/settings',
  answer: { status: 200, schema: merchantSettingsResponseSchema },
  access: { scopes: [SCOPES.settingsPageAccess] },
  summary: "The General settings of the caller's merchant",
  tags,
  errors: [401, 403],
});

export const updateMerchantSettingsEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/api/merchants/current/settings',
  body: merchantSettingsBodySchema,
  answer: { status: 200, schema: merchantSettingsResponseSchema },
  access: { scopes: [SCOPES.settingsPageAccess, SCOPES.merchantSettingsEdit] },
  summary: "Changes the General settings of the caller's merchant (the time zone from the next call on)",
  tags,
  errors: [400, 401, 403],
});
