import { dataResponseSchema } from './api.js';
import { defineEndpoint } from './endpoint.js';
import {
  issuedVirtualCardSchema,
  merchantIdOverviewSchema,
  merchantIdParamsSchema,
  merchantIdSchema,
  registerMerchantIdBodySchema,
} from './merchant-ids.js';
import { SCOPES } from './scopes.js';

/**
 * The merchant ID validation page: reading needs the page's access (`r:vc.restricted`, an in-store
 * virtual-card enrollment and the flag isMerchantIdValidationPageEnabled, checked by the server too);
 * registering the merchant's edit scope; running the validation rule is the provider's
 * (`u:merchant.internal_settings`); creating the virtual card needs `c:vc.issuance`.
 */
const tags = ['merchantIdValidation'];
const page = 'merchantIdValidation';

export const merchantIdsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/merchant-ids',
  answer: { status: 200, schema: dataResponseSchema(merchantIdOverviewSchema) },
  access: { page },
  summary: "The merchant's acquirer merchant ids with their validation, and its virtual card (masked)",
  tags,
  errors: [401, 403],
});

export const registerMerchantIdEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/merchant-ids',
  body: registerMerchantIdBodySchema,
  answer: { status: 201, schema: dataResponseSchema(merchantIdSchema) },
  access: { page, scopes: [SCOPES.merchantSettingsEdit] },
  summary: 'Registers an acquirer merchant id for a location, PENDING until the provider validates it',
  tags,
  errors: [400, 401, 403, 404, 409],
});

export const validateMerchantIdEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/merchant-ids/:merchantIdId/validate',
  params: merchantIdParamsSchema,
  answer: { status: 200, schema: dataResponseSchema(merchantIdSchema) },
  access: { page, scopes: [SCOPES.internalSettingsEdit] },
  summary: 'Runs the validation rule on the id and records its outcome (provider staff)',
  tags,
  errors: [400, 401, 403, 404],
});

export const issueVirtualCardEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/virtual-card',
  answer: { status: 201, schema: dataResponseSchema(issuedVirtualCardSchema) },
  access: { page, scopes: [SCOPES.virtualCardIssuance] },
  summary: "Creates the merchant's virtual card; its full number is in this answer and never again",
  tags,
  errors: [401, 403, 409, 422],
});
