import { z } from 'zod';
import { dataResponseSchema } from './api.js';
import { defineEndpoint } from './endpoint.js';
import {
  depositCalendarQuerySchema,
  depositCalendarSchema,
  fundingConfigurationQuerySchema,
  fundingConfigurationSchema,
  fundingConfigurationUpdateSchema,
} from './funding.js';
import { SCOPES } from './scopes.js';

/** The merchant's funding settings (specification §7): payout frequency and settlement mode. */
const tags = ['funding'];
const oneConfiguration = { status: 200, schema: dataResponseSchema(fundingConfigurationSchema) } as const;

export const fundingConfigurationEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/funding-configuration',
  query: fundingConfigurationQuerySchema,
  answer: oneConfiguration,
  access: { scopes: [SCOPES.fundingSettingsView] },
  summary: "The merchant's funding configuration",
  tags,
  errors: [400, 401, 403, 404],
});

export const updateFundingConfigurationEndpoint = defineEndpoint({
  method: 'PATCH',
  path: '/api/funding-configuration/:configurationID',
  params: z.strictObject({ configurationID: z.string().min(1).max(100) }),
  body: fundingConfigurationUpdateSchema,
  answer: oneConfiguration,
  access: { scopes: [SCOPES.fundingSettingsEdit] },
  summary: 'Changes the payout schedule or settlement mode',
  tags,
  errors: [400, 401, 403],
});

export const depositCalendarEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/funding-configuration/deposit-calendar',
  query: depositCalendarQuerySchema,
  answer: { status: 200, schema: dataResponseSchema(depositCalendarSchema) },
  access: { scopes: [SCOPES.fundingSettingsView] },
  summary: 'The next deposit days, by the saved payout schedule or by one being edited',
  tags,
  errors: [400, 401, 403],
});
