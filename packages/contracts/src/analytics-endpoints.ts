import { z } from 'zod';
import { analyticsBatchSchema } from './analytics.js';
import { dataResponseSchema } from './api.js';
import { defineEndpoint } from './endpoint.js';

/**
 * What signed-in users do (specification §6, §9), in batches. The user, the merchant and the time come
 * from the token and the server's clock, never from the body.
 */
export const recordAnalyticsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/analytics/events',
  body: analyticsBatchSchema,
  answer: { status: 202, schema: dataResponseSchema(z.object({ accepted: z.number().int() })) },
  access: { scopes: [] },
  summary: 'Records a batch of analytics events of the signed-in user',
  tags: ['portal'],
  errors: [400, 401, 429],
});
