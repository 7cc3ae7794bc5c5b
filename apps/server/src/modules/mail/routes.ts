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
 * state. The outbox page reads it; without SMTP it is where invitation and cart links are followed.
 */
export const outboxRoutes: AppModule = (app, { config, database }, done) => {
  const { db } = database;
  // Delivered mail stays the recipient's: its sign-in links are not for provider staff to read.
  const showContent = config.smtpUrl === undefined;

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
        summary: 'One message with its HTML and text (null when SMTP delivers the mail)',
        params: z.strictObject({ emailId: z.uuid() }),
        response: { 200: dataResponseSchema(emailDetailSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ data: await emailDetail(db, request.params.emailId, { showContent }) }),
  );

  done();
};
