import type * as FastifyModule from 'fastify';
import type { RouteOptions } from 'fastify';
import type { RouteAccess } from '../auth/access.js';

/** A route as the app registered it: one line per method, HEAD copies left out. */
export interface RecordedRoute {
  readonly key: string;
  readonly method: string;
  readonly url: string;
  readonly access: RouteAccess | undefined;
}

const recorded: RecordedRoute[] = [];

function record(route: RouteOptions): void {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  for (const method of methods) {
    if (method === 'HEAD') continue;
    recorded.push({ key: `${method} ${route.url}`, method, url: route.url, access: route.config?.access });
  }
}

/**
 * The `fastify` module with a factory that records every route of every instance it makes, for
 * `vi.mock('fastify', ...)`: the attack suites take the route table from the built app itself, so that a
 * new route cannot escape them.
 */
export function recordingFastify(actual: typeof FastifyModule): typeof FastifyModule {
  const create = ((options?: FastifyModule.FastifyServerOptions) => {
    const app = actual.default(options);
    app.addHook('onRoute', record);
    return app;
  }) as unknown as typeof FastifyModule.default;
  return { ...actual, default: Object.assign(create, actual.default), fastify: create };
}

/** The API routes of the apps built since the last call (the API docs' own pages left out). */
export function takeRecordedApiRoutes(): RecordedRoute[] {
  const routes = recorded.splice(0).filter((route) => route.url.startsWith('/api/'));
  const unique = new Map(routes.map((route) => [route.key, route]));
  return [...unique.values()].filter((route) => !route.url.startsWith('/api/docs'));
}
