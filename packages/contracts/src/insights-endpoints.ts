import { dataResponseSchema } from './api.js';
import { defineEndpoint } from './endpoint.js';
import { insightsQuerySchema, insightsSchema } from './insights.js';

/** Data insights: the figures, series, splits and funnel of a range of the merchant's days. */
export const insightsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/insights',
  query: insightsQuerySchema,
  answer: { status: 200, schema: dataResponseSchema(insightsSchema) },
  access: { page: 'dataInsights' },
  summary: 'Figures of a range of days with the previous period and the same period last year',
  description:
    "Days are the merchant's calendar days (its time zone is in the answer). An end before the start, " +
    'an end after today and a range of more than two years are refused (422, a refusal on query.to).',
  tags: ['insights'],
  errors: [400, 401, 403, 422],
});
