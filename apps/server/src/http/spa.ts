import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound } from './app-error.js';

// Paths the server owns: an unknown path under them is a 404, never the SPA.
const SERVER_PATHS = ['/api', '/oidc', '/healthz', '/readyz'];

function pathOf(request: FastifyRequest): string {
  return request.url.split('?', 1)[0] ?? '/';
}

/** A client-side route of the SPA: a page load, not an API call nor a missing asset file. */
function isSpaRoute(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = pathOf(request);
  if (SERVER_PATHS.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) return false;
  const lastSegment = path.slice(path.lastIndexOf('/') + 1);
  return !lastSegment.includes('.');
}

/**
 * Serves the built portal (apps/web/dist) and answers its client-side routes with index.html. Vite
 * names the files under /assets by content hash, so they are cached for good; index.html never is.
 */
export async function registerSpa(app: FastifyInstance, webDist: string): Promise<void> {
  const built = existsSync(join(webDist, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        const hashed = filePath.startsWith(join(webDist, 'assets'));
        reply.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    if (!isSpaRoute(request)) {
      throw notFound(`No route for ${request.method} ${pathOf(request)}`);
    }
    if (!built) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The portal is not built yet: run `npm run build`, then start the server again.\n');
    }
    return reply.sendFile('index.html');
  });
}
