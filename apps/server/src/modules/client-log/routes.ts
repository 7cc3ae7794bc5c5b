import { randomUUID } from 'node:crypto';
import { clientLogEndpoint } from '@portal/contracts/client-log-endpoints';
import { redactSecrets, redactValue } from '../../http/log-redaction.js';
import type { AppModule } from '../../http/module.js';
import { route } from '../../http/route.js';
import { insertClientLog } from './repository.js';

/** Far above one entry (a 2,000-character message and an 8 KB context), far below the API's 1 MiB. */
export const CLIENT_LOG_BODY_LIMIT_BYTES = 16 * 1024;
/** Per client address; the portal reports errors, not a stream of events. */
export const CLIENT_LOG_RATE_LIMIT = { max: 60, timeWindow: 60_000 } as const;
const USER_AGENT_MAX_LENGTH = 300;

/**
 * The portal's own error reports (specification §7). Public, because the portal reports failures of
 * signing in too; hence the body and rate limits. Each entry is stored and written to the server log
 * with the request id, so that a report and the failing request are found together.
 */
export const clientLogRoutes: AppModule = (app, { database }, done) => {
  route(
    app,
    clientLogEndpoint,
    async (request) => {
      const { level } = request.body;
      // The portal reports the URL it failed on: a link's token or a sign-in code must not be kept.
      const message = redactSecrets(request.body.message);
      const context = redactValue(request.body.context);
      const id = randomUUID();
      await insertClientLog(database.db, {
        id,
        level,
        message,
        context: context === undefined ? null : JSON.stringify(context),
        request_id: request.id,
        ip: request.ip,
        user_agent: request.headers['user-agent']?.slice(0, USER_AGENT_MAX_LENGTH) ?? null,
        created_at: new Date().toISOString(),
      });
      // Under a key of its own, so that what the browser sends cannot pass for the server's own fields.
      request.log[level]({ clientLog: { id, message, context } }, 'portal reported');
      return { data: { id } };
    },
    { bodyLimit: CLIENT_LOG_BODY_LIMIT_BYTES, rateLimit: CLIENT_LOG_RATE_LIMIT },
  );
  done();
};
