import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { PUBLIC_CONFIG_ELEMENT_ID } from '@portal/contracts/public-config';
import type { FastifyReply, FastifyRequest } from 'fastify';

type Encoding = 'br' | 'gzip';

/** One HTML document of the portal, as sent: plain and in each encoding, compressed once at start. */
export interface HtmlDocument {
  readonly identity: Buffer;
  readonly encoded: Readonly<Record<Encoding, Buffer>>;
  readonly etag: string;
}

/**
 * The portal's HTML with its public configuration inlined, so that the portal starts without waiting for
 * `GET /api/public-config`. The JSON is data (`type="application/json"`), never run, so the policy's
 * `script-src 'self'` holds; `<` is escaped so that no value can close the element. `preloads` are the
 * page's own `<link>` elements (page-preloads.ts).
 */
export function htmlDocument(html: string, publicConfig: unknown, preloads = ''): HtmlDocument {
  const json = JSON.stringify(publicConfig).replaceAll('<', '\\u003c');
  const inlined = html.replace(
    '</head>',
    `${preloads}<script id="${PUBLIC_CONFIG_ELEMENT_ID}" type="application/json">${json}</script></head>`,
  );
  const identity = Buffer.from(inlined, 'utf8');
  return {
    identity,
    encoded: {
      br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      gzip: gzipSync(identity, { level: constants.Z_BEST_COMPRESSION }),
    },
    etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
  };
}

/** The encoding the client prefers among those we have: brotli, then gzip; none when it refuses both. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | null {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    const refused = parameters.some((parameter) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(parameter));
    if (name !== '' && !refused) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/**
 * Sends a document, never from a stale cache (`no-cache`: a new deployment's HTML names new assets), with
 * an ETag that spares the body when nothing changed.
 */
export function sendHtml(request: FastifyRequest, reply: FastifyReply, document: HtmlDocument) {
  reply
    .header('Cache-Control', 'no-cache')
    .header('Vary', 'Accept-Encoding')
    .header('ETag', document.etag)
    .type('text/html; charset=utf-8');
  const known = (request.headers['if-none-match'] ?? '').split(',').map((tag) => tag.trim());
  if (known.includes(document.etag) || known.includes(`W/${document.etag}`)) return reply.code(304).send();
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  if (encoding === null) return reply.send(document.identity);
  return reply.header('Content-Encoding', encoding).send(document.encoded[encoding]);
}
