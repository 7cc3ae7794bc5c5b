import {
  createAccessKeyEndpoint,
  listAccessKeysEndpoint,
  revokeAccessKeyEndpoint,
  rotateAccessKeyEndpoint,
} from '@portal/contracts/access-keys-endpoints';
import { currentMerchantId } from '../../auth/access.js';
import type { AppModule } from '../../http/module.js';
import { route } from '../../http/route.js';
import { auditContextOf } from '../audit/record-audit.js';
import { EXPIRY_WARNING_POLL_MS, queueExpiryWarnings } from './expiry-warning-job.js';
import { createAccessKey, listAccessKeys, revokeAccessKey, rotateAccessKey } from './service.js';

/** The access keys page, as declared in `@portal/contracts/access-keys-endpoints`. */
export const accessKeyRoutes: AppModule = (app, { config, database }, done) => {
  const { db } = database;

  // The expiry warnings, looked for periodically from the moment the server listens, like the
  // settlement summaries; tests call queueExpiryWarnings themselves.
  let timer: NodeJS.Timeout | undefined;
  const warnDue = async () => {
    try {
      if ((await queueExpiryWarnings(db, config)) > 0) app.mail.deliverSoon();
    } catch (error) {
      app.log.error({ err: error }, 'Queueing the access key expiry warnings failed');
    }
  };
  app.addHook('onListen', (hookDone) => {
    void warnDue();
    timer = setInterval(() => void warnDue(), EXPIRY_WARNING_POLL_MS);
    timer.unref();
    hookDone();
  });
  app.addHook('onClose', (_instance, hookDone) => {
    clearInterval(timer);
    hookDone();
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
