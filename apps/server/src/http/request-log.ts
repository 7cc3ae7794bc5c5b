import type { FastifyInstance } from 'fastify';
import { callerOf } from '../auth/access.js';
import { redactSecrets } from './log-redaction.js';

/** Load balancers probe these every few seconds; a failing probe is still logged by the error handler. */
const PROBE_PATHS = new Set(['/healthz', '/readyz']);
/** The levels that write the "incoming request" line: checked first, so that `info` builds nothing for it. */
const VERBOSE_LEVELS = new Set(['debug', 'trace']);

/**
 * One line per answered request, in place of Fastify's two (an "incoming request" line and a
 * "request completed" line, each through the `req`/`res` serializers): the two were a fifth of a
 * simple call's time. The line holds what support asks for: the request id (the logger's binding),
 * the method, the URL (with its secrets hidden), the route, the status, the time taken, and who called
 * (user, merchant, access key). The "incoming" line stays at `debug`, for finding a request that never
 * answered.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    if (VERBOSE_LEVELS.has(request.log.level) && !PROBE_PATHS.has(request.url)) {
      request.log.debug({ method: request.method, url: redactSecrets(request.url) }, 'incoming request');
    }
    done();
  });

  app.addHook('onResponse', (request, reply, done) => {
    if (PROBE_PATHS.has(request.url)) {
      done();
      return;
    }
    const caller = callerOf(request);
    request.log.info(
      {
        method: request.method,
        // As received: a mounted app (the identity provider under /oidc) rewrites `url` on its way.
        url: redactSecrets(request.originalUrl),
        route: request.routeOptions.url,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        ip: request.ip,
        userId: caller?.userId,
        merchantId: caller?.merchantId ?? undefined,
        accessKeyId: caller?.accessKeyId ?? undefined,
      },
      'request completed',
    );
    done();
  });
}
