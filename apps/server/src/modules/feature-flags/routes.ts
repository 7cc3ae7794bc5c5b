import { z } from 'zod';
import {
  FEATURE_FLAG_BULK_EVALUATION_PATH,
  FEATURE_FLAG_EVALUATION_PATH,
  TAG_NAME_REQUIRED_MESSAGE,
  featureFlagBulkQuerySchema,
  featureFlagBulkResponseSchema,
  featureFlagEvaluationRequestSchema,
  featureFlagNameSchema,
  featureFlagResultSchema,
} from '@portal/contracts/feature-flags';
import { AppError } from '../../http/app-error.js';
import { errorResponses } from '../../http/error-responses.js';
import type { AppModule } from '../../http/module.js';
import { evaluateFlag, evaluateTag } from './service.js';

/**
 * Feature-flag evaluation (specification §7) for any signed-in user: flags are per tenant, and a
 * merchant's own value (override) wins over the tenant's.
 */
export const featureFlagRoutes: AppModule = (app, { database }, done) => {
  app.post(
    FEATURE_FLAG_EVALUATION_PATH,
    {
      config: { access: { scopes: [] } },
      schema: {
        tags: ['feature flags'],
        summary: 'Evaluates one flag: 200 when on, 204 when disabled, 410 when archived',
        params: z.strictObject({ flagName: featureFlagNameSchema }),
        body: featureFlagEvaluationRequestSchema,
        response: { 200: featureFlagResultSchema, 204: z.null(), ...errorResponses(400, 401, 404, 410) },
      },
    },
    async (request, reply) => {
      const { principal } = request;
      const evaluation = await evaluateFlag(
        database.db,
        { tenantId: principal.tenantId, merchantId: principal.merchantId },
        request.body.tenantId,
        request.params.flagName,
      );
      if (evaluation.kind === 'off') return reply.code(204).send(null);
      return reply.code(200).send({ result: evaluation.result });
    },
  );

  app.post(
    FEATURE_FLAG_BULK_EVALUATION_PATH,
    {
      config: { access: { scopes: [] } },
      schema: {
        tags: ['feature flags'],
        summary: 'Evaluates every flag of a tag, keyed by flag name',
        querystring: featureFlagBulkQuerySchema,
        body: featureFlagEvaluationRequestSchema,
        response: { 200: featureFlagBulkResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const { tag } = request.query;
      if (tag === undefined || tag.trim() === '')
        throw new AppError(400, 'BAD_REQUEST', TAG_NAME_REQUIRED_MESSAGE);
      const { principal } = request;
      return evaluateTag(
        database.db,
        { tenantId: principal.tenantId, merchantId: principal.merchantId },
        request.body.tenantId,
        tag,
      );
    },
  );

  done();
};
