import {
  createAccessKeyEndpoint,
  listAccessKeysEndpoint,
  revokeAccessKeyEndpoint,
  rotateAccessKeyEndpoint,
} from '@portal/contracts/access-keys-endpoints';
import { currentMerchantId } from '../../auth/access.js';
import type { AppModule } from '../../http/module.js';
import { runPeriodically } from '../../http/periodic-job.js';
import { route } from '../../http/route.js';
import { auditContextOf } from '../audit/record-audit.js';
import { EXPIRY_WARNING_POLL_MS, queueExpiryWarnings } from './expiry-warning-job.js';
import { createAccessKey, listAccessKeys, revokeAccessKey, rotateAccessKey } from './service.js';

/** The access keys page, as declared in `@portal/contracts/access-keys-endpoints`. */
export const accessKeyRoutes: AppModule = (app, { config, database }, done) => {
  const { db } = database;

  // The expiry warnings, looked for periodically by one instance; tests call queueExpiryWarnings.
  runPeriodically(app, db, {
    name: 'access-key-expiry-warnings',
    periodMs: EXPIRY_WARNING_POLL_MS,
    run: async () => {
      if ((await queueExpiryWarnings(db, config)) > 0) app.mail.deliverSoon();
    },
    failure: 'Queueing the access key expiry warnings failed',
  });

  route(app, listAccessKeysEndpoint, async (request) => ({
    data: { items: await listAccessKeys(db, currentMerchantId(request)) },
  }));

  route(app, createAccessKeyEndpoint, async (request) => {
    const { principal } = request;
    const creator = {
      merchantId: currentMerchantId(request),
      userId: principal.userId,
      email: principal.email,
      role: principal.role,
      audit: auditContextOf(request),
    };
    return { data: await createAccessKey(db, creator, request.body) };
  });

  route(app, rotateAccessKeyEndpoint, async (request) => ({
    data: await rotateAccessKey(
      db,
      auditContextOf(request),
      currentMerchantId(request),
      request.params.keyId,
      request.body.overlap,
    ),
  }));

  route(app, revokeAccessKeyEndpoint, async (request) => ({
    data: await revokeAccessKey(
      db,
      auditContextOf(request),
      currentMerchantId(request),
      request.params.keyId,
    ),
  }));

  done();
};
