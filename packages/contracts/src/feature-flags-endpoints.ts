import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { dataResponseSchema } from './api.js';
import {
  featureFlagBulkQuerySchema,
  featureFlagBulkResponseSchema,
  featureFlagEvaluationRequestSchema,
  featureFlagNameSchema,
  featureFlagResultSchema,
  merchantFeatureFlagsSchema,
  merchantFeatureFlagsUpdateSchema,
} from './feature-flags.js';
import { SCOPES } from './scopes.js';

/**
 * Feature-flag evaluation (specification §7) for any signed-in user: flags are per tenant, and a
 * merchant's own value (override) wins over the tenant's.
 */
const tags = ['feature flags'];

export const evaluateFlagEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/featureflag/evaluation/flag/:flagName',
  params: z.strictObject({ flagName: featureFlagNameSchema }),
  body: featureFlagEvaluationRequestSchema,
  answer: { status: 200, schema: featureFlagResultSchema, orNoContent: true },
  access: { scopes: [] },
  summary: 'Evaluates one flag: 200 when on, 204 when disabled, 410 when archived',
  tags,
  errors: [400, 401, 404, 410],
});

export const evaluateFlagsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/featureflag/evaluation/bulk',
  query: featureFlagBulkQuerySchema,
  body: featureFlagEvaluationRequestSchema,
  answer: { status: 200, schema: featureFlagBulkResponseSchema },
  access: { scopes: [] },
  summary: 'Evaluates every flag of a tag, keyed by flag name',
  tags,
  errors: [400, 401],
});

/**
 * Provider staff's internal settings: every live flag of the merchant's tenant, with the tenant's value,
 * the merchant's override and the value the evaluation answers.
 */
const internalTags = ['internal settings'];
const merchantParams = z.strictObject({ merchantID: z.string().min(1).max(100) });
const merchantFlags = { status: 200, schema: dataResponseSchema(merchantFeatureFlagsSchema) } as const;

export const merchantFeatureFlagsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/merchant/:merchantID/feature-flags',
  params: merchantParams,
  answer: merchantFlags,
  access: { scopes: [SCOPES.internalSettingsView] },
  summary: "The tenant's flags with the merchant's overrides",
  tags: internalTags,
  errors: [400, 401, 403],
});

export const updateMerchantFeatureFlagsEndpoint = defineEndpoint({
  method: 'PATCH',
  path: '/api/merchant/:merchantID/feature-flags',
  params: merchantParams,
  body: merchantFeatureFlagsUpdateSchema,
  answer: merchantFlags,
  access: { scopes: [SCOPES.internalSettingsEdit] },
  summary: 'Sets ("true", "false") or clears (null) the merchant\'s overrides, all in one transaction',
  tags: internalTags,
  errors: [400, 401, 403, 422],
});
