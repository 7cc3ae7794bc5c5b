import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { ANALYTICS_EVENTS_PATH, analyticsBatchSchema } from '@portal/contracts/analytics';
import { dataResponseSchema } from '@portal/contracts/api';
import { errorResponses } from '../../http/error-responses.js';
import type { AppModule } from '../../http/module.js';
import { insertAnalyticsEvents } from './repository.js';

/** Per client address: a portal sends a batch every few seconds at most. */
const ANALYTICS_RATE_LIMIT = { max: 120, timeWindow: 60_000 } as const;

/**
 * What signed-in users do (specification §6, §9), in batches. The user, the merchant and the time come
 * from the token and the server's clock, never from the body.
 */
export const analyticsRoutes: AppModule = (app, { database }, done) => {
  app.post(
    ANALYTICS_EVENTS_PATH,
    {
      config: { access: { scopes: [] }, rateLimit: ANALYTICS_RATE_LIMIT },
      schema: {
        tags: ['portal'],
        summary: 'Records a batch of analytics events of the signed-in user',
        body: analyticsBatchSchema,
        response: {
          202: dataResponseSchema(z.object({ accepted: z.number().int() })),
          ...errorResponses(400, 401, 429),
        },
      },
    },
    async (request, reply) => {
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
      return reply.code(202).send({ data: { accepted: events.length } });
    },
  );
  done();
};
