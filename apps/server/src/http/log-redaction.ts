import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pino } from 'pino';
import { PUBLIC_PATHS } from '@portal/contracts/routes';

/** What a secret is replaced with in the log. */
export const REDACTED = '[redacted]';

/**
 * A path parameter whose value is a key to something: a link token (activation, reset, checkout) or an
 * identity-provider interaction. Routes are declared with such names, so the route table says which
 * segments to hide.
 */
const SECRET_PARAM = /token|interaction|uid/i;

/**
 * Query parameters that carry a secret or a personal address: OAuth codes and their state, tokens and
 * hints, passwords. Compared without case.
 */
const SECRET_QUERY_PARAMS = [
  'code',
  'state',
  'code_verifier',
  'id_token_hint',
  'login_hint',
  'token',
  'access_token',
  'refresh_token',
  'client_secret',
  'password',
  'key',
];

/**
 * Paths with a secret segment that no Fastify route declares: the portal's own pages (served by the SPA)
 * and the identity provider's resume step, whose last segment is the interaction id (oidc-provider's
 * `/auth/:uid` under the /oidc mount).
 */
const UNDECLARED_SECRET_PATHS = [...Object.values(PUBLIC_PATHS), '/oidc/auth/:uid'];

// A character that ends a path segment or a query value in a URL, in JSON text and in prose.
const VALUE_END = `/?#&\\s"'<>\\\\`;

const secretPaths = new Map<string, RegExp>();

/**
 * Declares a route template (`/api/checkout/:checkoutToken/complete`): the value of each of its
 * secret parameters is hidden wherever the path appears in a log line. Declaring twice is harmless.
 */
function declareSecretPath(template: string): void {
  if (secretPaths.has(template)) return;
  const segments = template.split('/');
  if (!segments.some((segment) => segment.startsWith(':') && SECRET_PARAM.test(segment))) return;
  // Each secret segment is captured alone; everything else is matched literally (or as any one segment).
  let pattern = '';
  for (const segment of segments.slice(1)) {
    if (!segment.startsWith(':')) pattern += `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    else if (SECRET_PARAM.test(segment)) pattern += `/)[^${VALUE_END}]+(`;
    else pattern += `/[^${VALUE_END}]+`;
  }
  secretPaths.set(template, new RegExp(`(${pattern})`, 'g'));
}

for (const template of UNDECLARED_SECRET_PATHS) declareSecretPath(template);

const SECRET_QUERY = new RegExp(`([?&](?:${SECRET_QUERY_PARAMS.join('|')})=)[^${VALUE_END}]*`, 'gi');

/**
 * Hides every secret that a URL can carry, wherever the URL sits in the text: the secret segments of
 * declared paths and the values of secret query parameters.
 */
export function redactSecrets(text: string): string {
  let redacted = text.replace(SECRET_QUERY, `$1${REDACTED}`);
  for (const pattern of secretPaths.values()) {
    // Each capture group before a secret segment is kept; the segment itself is replaced.
    redacted = redacted.replace(pattern, (...match: unknown[]) => {
      const groups = match.slice(1, -2).filter((group): group is string => typeof group === 'string');
      return groups.join(REDACTED);
    });
  }
  return redacted;
}

/** Hides secrets in every string of a JSON-like value (a client's log context, for one). */
export function redactValue(value: unknown): unknown {
  if (typeof value === 'string') return redactSecrets(value);
  if (Array.isArray(value)) return value.map(redactValue);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, redactValue(inner)]));
  }
  return value;
}

/**
 * Adds each route's secret parameters to what the log hides, as routes are declared. Registered before
 * any module, so that it sees every route.
 */
export function registerLogRedaction(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    declareSecretPath(route.url);
  });
}

/**
 * The logger's serializers: Fastify's own fields (no headers, so no Authorization or Cookie), with
 * every URL and error text passed through `redactSecrets`.
 */
export const LOG_SERIALIZERS = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: redactSecrets(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket.remotePort,
  }),
  res: (reply: FastifyReply) => ({ statusCode: reply.statusCode }),
  err: (error: Error) => {
    const serialized = pino.stdSerializers.err(error);
    return redactValue(serialized);
  },
};

/** Headers that must never be written, should a log line ever carry a request's or answer's headers. */
export const LOG_REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
];
