import { currentMerchantEndpoint, merchantsEndpoint } from '@portal/contracts/merchants-endpoints';
import { currentMerchantId } from '../../auth/access.js';
import type { AppModule } from '../../http/module.js';
import { route } from '../../http/route.js';
import { currentMerchant, merchantsFor } from './service.js';

/** The merchant chooser's list and the merchant of the caller's token. */
export const merchantRoutes: AppModule = (app, { config, database }, done) => {
  route(app, merchantsEndpoint, async (request) => ({
    data: await merchantsFor(database.db, request.principal, config.brand, request.query),
  }));

  route(app, currentMerchantEndpoint, async (request) => ({
    data: await currentMerchant(database.db, currentMerchantId(request), config.brand),
  }));

  done();
};
