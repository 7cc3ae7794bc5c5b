import { z } from 'zod';
import { dataResponseSchema } from '@portal/contracts/api';
import {
  EMAIL_PATH,
  EMAILS_PATH,
  emailDetailSchema,
  emailListQuerySchema,
  emailListResponseSchema,
} from '@portal/contracts/emails';
import { errorResponses } from '../../http/error-responses.js';
import type { AppModule } from '../../http/module.js';
import { emailDetail, emailPage } from './outbox-service.js';

/**
 * The outbox for provider staff: every message the portal queued, of every merchant, with its delivery
 * state. Without SMTP it is where cart links are followed, and in demo mode invitation and reset links
 * too; no one else's account link is ever shown otherwise (docs/decisions/0007).
 */
export const outboxRoutes: AppModule = (app, { config, database }, done) => {
  const { db } = database;
  const reading = { delivered: config.smtpUrl !== undefined, demo: config.demoData };

  app.get(
    EMAILS_PATH,
    {
      config: { access: { page: 'outbox' } },
      schema: {
        tags: ['emails'],
        summary: 'A page of the outbox, newest first',
        querystring: emailListQuerySchema,
        response: { 200: emailListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ data: await emailPage(db, request.query) }),
  );

  app.get(
    EMAIL_PATH,
    {
      config: { access: { page: 'outbox' } },
      schema: {
        tags: ['emails'],
        summary: 'One message with its HTML and text (null, with the reason, when they are withheld)',
        params: z.strictObject({ emailId: z.uuid() }),
        response: { 200: dataResponseSchema(emailDetailSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ data: await emailDetail(db, request.params.emailId, reading) }),
  );

  done();
};
