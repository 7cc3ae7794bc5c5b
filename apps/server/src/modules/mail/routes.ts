import { emailEndpoint, emailsEndpoint } from '@portal/contracts/emails-endpoints';
import type { AppModule } from '../../http/module.js';
import { route } from '../../http/route.js';
import { emailDetail, emailPage } from './outbox-service.js';

/**
 * The outbox for provider staff, as declared in `@portal/contracts/emails-endpoints`. Without SMTP it
 * is where cart links are followed, and in demo mode invitation and reset links too; no one else's
 * account link is ever shown otherwise (docs/decisions/0007).
 */
export const outboxRoutes: AppModule = (app, { config, database }, done) => {
  const { db } = database;
  const reading = { delivered: config.smtpUrl !== undefined, demo: config.demoData };

  route(app, emailsEndpoint, async (request) => ({ data: await emailPage(db, request.query) }));

  route(app, emailEndpoint, async (request) => ({
    data: await emailDetail(db, request.params.emailId, reading),
  }));

  done();
};
