import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import {
  featureFlagBulkQuerySchema,
  featureFlagBulkResponseSchema,
  featureFlagEvaluationRequestSchema,
  featureFlagNameSchema,
  featureFlagResultSchema,
} from './feature-flags.js';

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
