import {
  placementPlansEndpoint,
  placementScriptEndpoint,
  placementSettingsEndpoint,
  publicPlacementConfigEndpoint,
  updatePlacementSettingsEndpoint,
} from '@portal/contracts/placements-endpoints';
import type { FastifyReply } from 'fastify';
import { currentMerchantId } from '../../auth/access.js';
import type { AppModule } from '../../http/module.js';
import { route } from '../../http/route.js';
import { auditContextOf } from '../audit/record-audit.js';
import { PLACEMENT_SCRIPT } from './placement-script.js';
import {
  placementPlans,
  placementSettings,
  publicPlacementConfig,
  updatePlacementSettings,
} from './service.js';

/** A shopper's browser loads these on every product page: generous, but a loop is cut off. */
const PUBLIC_RATE_LIMIT = { max: 600, timeWindow: 60_000 };

/**
 * Any site may read what the merchant's site reads: it holds only what a shopper sees, and no cookie or
 * token goes with it. The script must load from another origin than ours (helmet's default is same-origin).
 */
function servedToAnySite(reply: FastifyReply, maxAgeSeconds: number): void {
  void reply
    .header('access-control-allow-origin', '*')
    .header('cross-origin-resource-policy', 'cross-origin')
    .header('cache-control', `public, max-age=${String(maxAgeSeconds)}`);
}

/** On-site messaging: the merchant's settings (portal) and what its site reads (public). */
export const placementRoutes: AppModule = (app, { config, database }, done) => {
  route(app, placementSettingsEndpoint, async (request) => ({
    data: await placementSettings(database.db, currentMerchantId(request)),
  }));

  route(app, updatePlacementSettingsEndpoint, async (request) => ({
    data: await updatePlacementSettings(
      database.db,
      auditContextOf(request),
      currentMerchantId(request),
      request.body.placements,
    ),
  }));

  route(app, placementPlansEndpoint, async (request) => ({
    data: await placementPlans(database.db, currentMerchantId(request)),
  }));

  route(
    app,
    publicPlacementConfigEndpoint,
    async (request, reply) => {
      const answer = await publicPlacementConfig(
        database.db,
        config.brand,
        request.params.merchantId,
        request.query,
      );
      // A saved change reaches the merchant's site within a minute.
      servedToAnySite(reply, 60);
      return answer;
    },
    { rateLimit: PUBLIC_RATE_LIMIT },
  );

  route(
    app,
    placementScriptEndpoint,
    (_request, reply) => {
      servedToAnySite(reply, 3600);
      return reply.type('text/javascript; charset=utf-8').send(PLACEMENT_SCRIPT);
    },
    { rateLimit: PUBLIC_RATE_LIMIT },
  );

  done();
};
