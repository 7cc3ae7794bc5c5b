import { insightsEndpoint } from '@portal/contracts/insights-endpoints';
import { currentMerchantId } from '../../auth/access.js';
import type { AppModule } from '../../http/module.js';
import { route } from '../../http/route.js';
import { insightsFor } from './service.js';

/** Data insights, as declared in `@portal/contracts/insights-endpoints`: the token's merchant only. */
export const insightsRoutes: AppModule = (app, { database }, done) => {
  route(app, insightsEndpoint, async (request) => ({
    data: await insightsFor(database.db, currentMerchantId(request), request.query),
  }));
  done();
};
