import { randomUUID } from 'node:crypto';
import { recordAnalyticsEndpoint } from '@portal/contracts/analytics-endpoints';
import type { AppModule } from '../../http/module.js';
import { route } from '../../http/route.js';
import { insertAnalyticsEvents } from './repository.js';

/** Per client address: a portal sends a batch every few seconds at most. */
const ANALYTICS_RATE_LIMIT = { max: 120, timeWindow: 60_000 } as const;

/**
 * What signed-in users do (specification §6, §9), in batches. The user, the merchant and the time come
 * from the token and the server's clock, never from the body.
 */
export const analyticsRoutes: AppModule = (app, { database }, done) => {
  route(
    app,
    recordAnalyticsEndpoint,
    async (request) => {
      const { userId, merchantId } = request.principal;
      const at = new Date().toISOString();
      const { events } = request.body;
      await insertAnalyticsEvents(
        database.db,
        events.map((event) => ({
          id: randomUUID(),
          user_id: userId,
          merchant_id: merchantId,
          name: event.name,
          page: event.page,
          properties: JSON.stringify(event.properties),
          created_at: at,
        })),
      );
      return { data: { accepted: events.length } };
    },
    { rateLimit: ANALYTICS_RATE_LIMIT },
  );
  done();
};
