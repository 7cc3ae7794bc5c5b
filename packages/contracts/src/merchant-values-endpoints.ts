import { z } from 'zod';
import { dataResponseSchema } from './api.js';
import { defineEndpoint } from './endpoint.js';
import {
  merchantValuesQuerySchema,
  merchantValuesSchema,
  merchantValuesUpdateSchema,
} from './merchant-values.js';
import { SCOPES } from './scopes.js';

/** Internal merchant values per program (specification §7): provider staff's internal settings. */
const tags = ['internal settings'];
const params = z.strictObject({
  programID: z.string().min(1).max(100),
  merchantID: z.string().min(1).max(100),
});
const values = { status: 200, schema: dataResponseSchema(merchantValuesSchema) } as const;

export const merchantValuesEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/program/:programID/merchant/:merchantID/values',
  params,
  query: merchantValuesQuerySchema,
  answer: values,
  access: { scopes: [SCOPES.internalSettingsView] },
  summary: "The merchant's internal values for a program",
  tags,
  errors: [400, 401, 403],
});

export const updateMerchantValuesEndpoint = defineEndpoint({
  method: 'PATCH',
  path: '/api/program/:programID/merchant/:merchantID/values',
  params,
  body: merchantValuesUpdateSchema,
  answer: values,
  access: { scopes: [SCOPES.internalSettingsEdit] },
  summary: 'Sets (or, with null, removes) internal values, all in one transaction',
  tags,
  errors: [400, 401, 403],
});
