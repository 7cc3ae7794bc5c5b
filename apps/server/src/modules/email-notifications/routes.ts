import {
  notificationDeliveriesEndpoint,
  notificationSettingsEndpoint,
  sendNotificationTestEndpoint,
  updateNotificationSettingsEndpoint,
} from '@portal/contracts/email-notifications-endpoints';
import { hasScope, SCOPES } from '@portal/contracts/scopes';
import type { FastifyRequest } from 'fastify';
import { currentMerchantId } from '../../auth/access.js';
import type { AppModule } from '../../http/module.js';
import { runPeriodically } from '../../http/periodic-job.js';
import { route } from '../../http/route.js';
import { auditContextOf } from '../audit/record-audit.js';
import { NOTICE_POLL_MS, queueDueNotices } from './notice-job.js';
import {
  deliveryLog,
  notificationSettings,
  saveNotificationSettings,
  sendNotificationTest,
} from './service.js';

/** The e-mail notifications page, as declared in `@portal/contracts/email-notifications-endpoints`. */
export const emailNotificationRoutes: AppModule = (app, { config, database }, done) => {
  const { db } = database;
  const accessOf = (request: FastifyRequest) => ({
    brand: config.brand,
    canManageSummary: hasScope(request.principal.scopes, SCOPES.usersWrite),
  });

  // Expiring authorizations and lapsed carts, looked for periodically by one instance; tests call
  // queueDueNotices themselves.
  runPeriodically(app, db, {
    name: 'email-notices',
    periodMs: NOTICE_POLL_MS,
    run: async () => {
      if ((await queueDueNotices(db)) > 0) app.mail.deliverSoon();
    },
    failure: 'Queueing the due notifications failed',
  });

  route(app, notificationSettingsEndpoint, async (request) => ({
    data: await notificationSettings(db, currentMerchantId(request), accessOf(request)),
  }));

  route(app, updateNotificationSettingsEndpoint, async (request) => ({
    data: await saveNotificationSettings(
      db,
      auditContextOf(request),
      currentMerchantId(request),
      request.body,
      accessOf(request),
    ),
  }));

  route(app, sendNotificationTestEndpoint, async (request) => {
    const queued = await sendNotificationTest(db, currentMerchantId(request), request.params.event, config);
    app.mail.deliverSoon();
    return { data: { queued } };
  });

  route(app, notificationDeliveriesEndpoint, async (request) => ({
    data: await deliveryLog(db, currentMerchantId(request), request.query),
  }));

  done();
};
