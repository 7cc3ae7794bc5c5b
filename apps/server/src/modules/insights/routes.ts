import { insightsEndpoint } from '@portal/contracts/insights-endpoints';
import { currentMerchantId } from '../../auth/access.js';
import type { AppModule } from '../../http/module.js';
import { route } from '../../http/route.js';
import { runPeriodically } from '../../http/periodic-job.js';
import { buildMissingRollups, INSIGHTS_ROLLUP_POLL_MS, insightsFor } from './service.js';

/** Data insights, as declared in `@portal/contracts/insights-endpoints`: the token's merchant only. */
export const insightsRoutes: AppModule = (app, { database }, done) => {
  // Roll-ups built ahead of a merchant's first visit (a new merchant, a zone changed), on one instance.
  runPeriodically(app, database.db, {
    name: 'insights-rollups',
    periodMs: INSIGHTS_ROLLUP_POLL_MS,
    run: async () => {
      await buildMissingRollups(database.db);
    },
    failure: 'Building the insights roll-ups failed',
  });

  route(app, insightsEndpoint, async (request) => ({
    data: await insightsFor(database.db, currentMerchantId(request), request.query),
  }));
  done();
};
