import { hash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ModuleInstance } from './route.js';

/**
 * How long the browser may keep an answer without asking again: `0` means it asks each time and the
 * ETag spares the body when nothing changed. Always `private` and varied by the token: another user or
 * merchant has another answer, and no shared cache may keep it.
 */
export interface Revalidation {
  readonly maxAgeSeconds: number;
}

const marked = new WeakSet<FastifyReply>();

/** Marks a successful answer as one the browser keeps and revalidates (see `registerRevalidation`). */
export function revalidated(reply: FastifyReply, { maxAgeSeconds }: Revalidation): FastifyReply {
  marked.add(reply);
  return reply
    .header('Cache-Control', `private, max-age=${String(maxAgeSeconds)}, must-revalidate`)
    .header('Vary', 'Authorization');
}

/**
 * A strong ETag of the body as sent: the same bytes, the same tag, whichever process answers. The
 * one-shot `hash` gives the same digest as a `Hash` object without building one per answer.
 */
function etagOf(payload: string | Buffer): string {
  return `"${hash('sha256', payload, 'base64url').slice(0, 27)}"`;
}

function matches(request: FastifyRequest, etag: string): boolean {
  const known = (request.headers['if-none-match'] ?? '').split(',').map((tag) => tag.trim());
  return known.includes('*') || known.includes(etag) || known.includes(`W/${etag}`);
}

/**
 * In a module that calls `revalidated`: its marked 200 answers get an ETag of their serialized body, and
 * a request whose `If-None-Match` names it gets a 304 without the body. A refusal is never marked, so it
 * is never kept.
 */
export function registerRevalidation(app: ModuleInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!marked.has(reply) || reply.statusCode !== 200) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const etag = etagOf(payload);
    void reply.header('ETag', etag);
    if (!matches(request, etag)) return payload;
    void reply.code(304).removeHeader('Content-Type').removeHeader('Content-Length');
    return '';
  });
}
