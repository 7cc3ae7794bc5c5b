import type { ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { LimitStore } from '../limits/limit-store.js';
import { AppError } from './app-error.js';
import { sharedRateLimitStore } from './rate-limit-store.js';

/**
 * The headers helmet writes with these options, worked out once. They depend on no request (no directive
 * is a function), and @fastify/helmet built them again at every request (parsing the content security
 * policy each time): a tenth of a simple call (docs/decisions/0024).
 */
function securityHeaders(options: HelmetOptions): readonly (readonly [string, string])[] {
  const headers = new Map<string, string>();
  const response = {
    setHeader(name: string, value: string) {
      headers.set(name, value);
    },
    removeHeader(name: string) {
      headers.delete(name);
    },
  } as unknown as ServerResponse;
  helmet(options)(
    // helmet reads nothing of the request with these options.
    {} as never,
    response,
    (error?: unknown) => {
      // Invalid options: the server must not start without its headers.
      if (error instanceof Error) throw error;
    },
  );
  return [...headers];
}

/**
 * Security headers for everything the process serves (API, SPA, API docs). The SPA loads only its own
 * files; Mantine injects style tags at run time, hence `'unsafe-inline'` for styles and only for styles.
 * They go on the raw response, so that a hijacked reply (the identity provider's pages) has them too.
 */
export async function registerSecurity(
  app: FastifyInstance,
  options: { https: boolean; limits: LimitStore },
): Promise<void> {
  const headers = securityHeaders({
    // HSTS over plain http is ignored by browsers; served over https it pins the portal to https.
    strictTransportSecurity: options.https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // Over plain http (local runs on a LAN address) upgrading would break every asset.
        upgradeInsecureRequests: options.https ? [] : null,
      },
    },
  });
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });

  // Routes opt in with `config: { rateLimit: { max, timeWindow } }`. The counters live in the database
  // or Redis, so that every instance counts against the same limit (docs/decisions/0017, 0023); a store
  // that cannot be reached fails the request with its 503 (the plugin's `skipOnError` stays false).
  await app.register(rateLimit, {
    global: false,
    store: sharedRateLimitStore(options.limits),
    errorResponseBuilder: (_request, context) =>
      new AppError(
        context.statusCode,
        context.ban ? 'FORBIDDEN' : 'RATE_LIMITED',
        `Too many requests, retry in ${context.after}`,
      ),
  });
}
