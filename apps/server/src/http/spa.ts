import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { PublicConfig } from '@portal/contracts/public-config';
import { LIGHT_PUBLIC_PAGES, PAGES, PUBLIC_PATHS } from '@portal/contracts/routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound } from './app-error.js';
import { htmlDocument, sendHtml, type HtmlDocument } from './html-document.js';
import { pagePreloads } from './page-preloads.js';

// Paths the server owns: an unknown path under them is a 404, never the SPA.
const SERVER_PATHS = ['/api', '/oidc', '/healthz', '/readyz'];

/** A route pattern of the portal as a regular expression: each `:param` is one path segment. */
function routePattern(path: string): RegExp {
  return new RegExp(`^${path.replaceAll(/:[A-Za-z]+/g, '[^/]+')}/?$`);
}

/**
 * Each entry's pages by their path: the light entry's (docs/decisions/0014) and the signed-in app's,
 * whose index route is the transactions page (apps/web/src/app/routes.tsx).
 */
const ENTRIES = [
  {
    file: 'public.html',
    pages: LIGHT_PUBLIC_PAGES.map((page) => [page, PUBLIC_PATHS[page]] as const),
  },
  {
    file: 'index.html',
    pages: Object.entries(PAGES).map(([page, { path }]) => [page, path] as const),
    index: 'transactions',
  },
].map(({ file, pages, index }) => ({
  file,
  pages,
  patterns: [
    ...(index === undefined ? [] : [[index, /^\/$/] as const]),
    ...pages.map(([page, path]) => [page, routePattern(path)] as const),
  ],
}));

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

function documentOf(
  webDist: string,
  file: string,
  publicConfig: PublicConfig,
  preloads?: string,
): HtmlDocument | null {
  const path = join(webDist, file);
  return existsSync(path) ? htmlDocument(readFileSync(path, 'utf8'), publicConfig, preloads) : null;
}

/**
 * Serves the built portal (apps/web/dist) and answers its client-side routes with its HTML, the public
 * configuration inlined. Vite names the files under /assets by content hash, so they are cached for good;
 * the HTML never is. The build writes each text file compressed beside it (`.br`, `.gz`): the one the
 * browser accepts is sent, with `Vary: Accept-Encoding` for the caches in between.
 */
export async function registerSpa(
  app: FastifyInstance,
  webDist: string,
  publicConfig: PublicConfig,
): Promise<void> {
  const app_ = documentOf(webDist, 'index.html', publicConfig);
  // One document per page, with the page's own chunks preloaded (page-preloads.ts). A build without the
  // light entry serves its pages from the app.
  const pageDocuments = ENTRIES.map(({ file, pages, patterns }) => {
    const preloads = pagePreloads(webDist, file, pages);
    const documents = new Map(
      pages.map(([page]) => [page, documentOf(webDist, file, publicConfig, preloads.get(page)) ?? app_]),
    );
    return { patterns, documents };
  });
  const documentFor = (path: string): HtmlDocument | null => {
    for (const { patterns, documents } of pageDocuments) {
      const page = patterns.find(([, pattern]) => pattern.test(path))?.[0];
      if (page !== undefined) return documents.get(page) ?? app_;
    }
    return app_;
  };
  if (app_) {
    await app.register(fastifyStatic, {
      root: webDist,
      // The HTML goes through sendHtml below, with the configuration inlined, never as a file (nor as
      // the folder's index at /).
      index: false,
      allowedPath: (path) => path !== '/' && !path.endsWith('.html') && !path.startsWith('/.vite/'),
      preCompressed: true,
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
    if (!app_) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The portal is not built yet: run `npm run build`, then start the server again.\n');
    }
    return sendHtml(request, reply, documentFor(pathOf(request)) ?? app_);
  });
}
