import { participationsEndpoint, programEndpoint } from '@portal/contracts/programs-endpoints';
import { currentMerchantId, requireMerchant } from '../../auth/access.js';
import type { AppModule } from '../../http/module.js';
import { registerRevalidation, revalidated } from '../../http/revalidation.js';
import { route } from '../../http/route.js';
import { participationsPage, programForMerchant } from './service.js';

const PROGRAM_MAX_AGE_SECONDS = 300;

/** Programs and participations (specification §7): any signed-in user, for the token's merchant only. */
export const programRoutes: AppModule = (app, { database }, done) => {
  // The portal asks for every participation page and every program of the merchant at each start
  // (hundreds for some merchants): answers carry an ETag, and an unchanged one is a 304 without a body.
  registerRevalidation(app);

  route(app, participationsEndpoint, async (request, reply) => {
    const { 'merchantID.eq': merchantId, ...page } = request.query;
    requireMerchant(request, merchantId);
    const data = await participationsPage(database.db, merchantId, page);
    // A merchant joins or leaves a program at any time: asked again at each start, mostly a 304.
    revalidated(reply, { maxAgeSeconds: 0 });
    return { data };
  });

  route(app, programEndpoint, async (request, reply) => {
    const data = await programForMerchant(database.db, currentMerchantId(request), request.params.id);
    // A program's channel and checkout mode hardly change: kept a few minutes, then revalidated.
    revalidated(reply, { maxAgeSeconds: PROGRAM_MAX_AGE_SECONDS });
    return { data };
  });

  done();
};
