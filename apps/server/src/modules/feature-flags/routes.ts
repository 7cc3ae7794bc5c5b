import { TAG_NAME_REQUIRED_MESSAGE } from '@portal/contracts/feature-flags';
import {
  evaluateFlagEndpoint,
  evaluateFlagsEndpoint,
  merchantFeatureFlagsEndpoint,
  updateMerchantFeatureFlagsEndpoint,
} from '@portal/contracts/feature-flags-endpoints';
import type { FastifyRequest } from 'fastify';
import { requireMerchant } from '../../auth/access.js';
import { AppError, forbidden } from '../../http/app-error.js';
import type { AppModule } from '../../http/module.js';
import { route } from '../../http/route.js';
import { auditContextOf } from '../audit/record-audit.js';
import { evaluateFlag, evaluateTag, merchantFeatureFlags, updateMerchantFeatureFlags } from './service.js';

/** The merchant of the path, which must be the token's, and its tenant (the token's, then). */
function merchantOfPath(request: FastifyRequest<{ Params: { merchantID: string } }>) {
  const { merchantID } = request.params;
  requireMerchant(request, merchantID);
  const { tenantId } = request.principal;
  // A token names its merchant's tenant whenever it names a merchant.
  if (tenantId === null) throw forbidden();
  return { tenantId, merchantId: merchantID };
}

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

  route(app, merchantFeatureFlagsEndpoint, async (request) => {
    const { tenantId, merchantId } = merchantOfPath(request);
    return { data: await merchantFeatureFlags(database.db, tenantId, merchantId) };
  });

  route(app, updateMerchantFeatureFlagsEndpoint, async (request) => ({
    data: await updateMerchantFeatureFlags(
      database.db,
      auditContextOf(request),
      merchantOfPath(request),
      request.body,
    ),
  }));

  done();
};
