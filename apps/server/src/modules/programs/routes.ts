import { participationsEndpoint, programEndpoint } from '@portal/contracts/programs-endpoints';
import { currentMerchantId, requireMerchant } from '../../auth/access.js';
import type { AppModule } from '../../http/module.js';
import { route } from '../../http/route.js';
import { participationsPage, programForMerchant } from './service.js';

/** Programs and participations (specification §7): any signed-in user, for the token's merchant only. */
export const programRoutes: AppModule = (app, { database }, done) => {
  route(app, participationsEndpoint, async (request) => {
    const { 'merchantID.eq': merchantId, ...page } = request.query;
    requireMerchant(request, merchantId);
    return { data: await participationsPage(database.db, merchantId, page) };
  });

  route(app, programEndpoint, async (request, reply) => {
    const data = await programForMerchant(database.db, currentMerchantId(request), request.params.id);
    // The portal asks for every program of the merchant at each start (hundreds for some merchants): the
    // browser keeps them a few minutes, for this token only (another user or merchant has another).
    void reply.header('Cache-Control', 'private, max-age=300').header('Vary', 'Authorization');
    return { data };
  });

  done();
};
