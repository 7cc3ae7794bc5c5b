import { TAG_NAME_REQUIRED_MESSAGE } from '@portal/contracts/feature-flags';
import { evaluateFlagEndpoint, evaluateFlagsEndpoint } from '@portal/contracts/feature-flags-endpoints';
import { AppError } from '../../http/app-error.js';
import type { AppModule } from '../../http/module.js';
import { route } from '../../http/route.js';
import { evaluateFlag, evaluateTag } from './service.js';

/**
 * Feature-flag evaluation (specification §7), as declared in
 * `@portal/contracts/feature-flags-endpoints`.
 */
export const featureFlagRoutes: AppModule = (app, { database }, done) => {
  route(app, evaluateFlagEndpoint, async (request, reply) => {
    const { principal } = request;
    const evaluation = await evaluateFlag(
      database.db,
      { tenantId: principal.tenantId, merchantId: principal.merchantId },
      request.body.tenantId,
      request.params.flagName,
    );
    if (evaluation.kind === 'off') return reply.code(204).send(null);
    return { result: evaluation.result };
  });

  route(app, evaluateFlagsEndpoint, async (request) => {
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
  });

  done();
};
