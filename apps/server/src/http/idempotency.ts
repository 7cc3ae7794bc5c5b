import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { IDEMPOTENCY_KEY_HEADER } from '@portal/contracts/api';
import type { Database } from '../db/schema.js';
import { conflict, unprocessable } from './app-error.js';
import { isUniqueViolation } from './database-errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route creates something or acts: a request with an `Idempotency-Key` is done once per caller
     * and key, and a repeat gets the first answer (http/idempotency.ts).
     */
    idempotent?: true;
  }
}

/** Tells a client that the answer is the one kept for its Idempotency-Key, not a new action. */
export const IDEMPOTENT_REPLAY_HEADER = 'Idempotent-Replayed';

const HEADER = IDEMPOTENCY_KEY_HEADER.toLowerCase();
// Visible ASCII, as most APIs that take the header accept (a UUID fits easily).
const keySchema = z
  .string()
  .regex(/^[\x21-\x7e]{1,255}$/, 'An Idempotency-Key is 1 to 255 visible ASCII characters')
  .optional();

/** How long a duplicate waits for the first request's answer before it is told to try again. */
const IN_PROGRESS_WAIT_MS = 10_000;
const IN_PROGRESS_POLL_MS = 20;

const MISMATCH =
  'This Idempotency-Key was already used for a different request; use a new key for a new request';
const IN_PROGRESS =
  'A request with this Idempotency-Key is still in progress, or was interrupted: check the outcome ' +
  'before sending it again with a new key';

interface Claim {
  caller: string;
  key: string;
}

type Stored = { route: string; request_hash: string; status_code: number | null; response: string | null };

/** Who a key belongs to: the merchant, whose users share one account, or the user for provider staff. */
function callerOf(request: FastifyRequest): string {
  const { merchantId, userId } = request.principal;
  return merchantId === null ? `user:${userId}` : `merchant:${merchantId}`;
}

function routeOf(request: FastifyRequest): string {
  return `${request.method} ${request.routeOptions.url ?? ''}`;
}

/** What makes two requests the same: their parameters, query and body as validated. */
function hashOf(request: FastifyRequest): string {
  return createHash('sha256')
    .update(JSON.stringify([request.params, request.query, request.body]))
    .digest('hex');
}

async function find(db: Kysely<Database>, claim: Claim): Promise<Stored | undefined> {
  return db
    .selectFrom('idempotent_requests')
    .select(['route', 'request_hash', 'status_code', 'response'])
    .where('caller', '=', claim.caller)
    .where('key', '=', claim.key)
    .executeTakeFirst();
}

/** The stored answer of the first request with this key, once it has one. */
async function firstAnswer(db: Kysely<Database>, claim: Claim, route: string, hash: string) {
  const deadline = Date.now() + IN_PROGRESS_WAIT_MS;
  for (;;) {
    const stored = await find(db, claim);
    // Gone: the first request failed (5xx) and let go of the key; this one may act.
    if (stored === undefined) return undefined;
    if (stored.route !== route || stored.request_hash !== hash) throw unprocessable(MISMATCH);
    if (stored.status_code !== null && stored.response !== null) {
      return { status: stored.status_code, body: stored.response };
    }
    if (Date.now() >= deadline) throw conflict(IN_PROGRESS);
    await sleep(IN_PROGRESS_POLL_MS);
  }
}

/**
 * `config: { idempotent: true }` on a route: a request with an `Idempotency-Key` header claims the key
 * for its caller before the handler runs, and its answer (refusals included, not 5xx) is kept with it.
 * A repeat with the same route, parameters and body gets that answer again with `Idempotent-Replayed`,
 * waiting for it while the first is in progress, so that concurrent duplicates act once; the same key
 * for anything else is 422. A 5xx lets go of the key, so that the retry acts.
 */
export function registerIdempotency(app: FastifyInstance, db: Kysely<Database>): void {
  const claims = new WeakMap<FastifyRequest, Claim>();

  app.addHook('onRoute', (route) => {
    if (route.config?.idempotent !== true) return;
    // Documents the header and refuses a malformed key with the usual 400.
    const schema = route.schema ?? {};
    schema.headers ??= z.object({ [HEADER]: keySchema });
    route.schema = schema;
  });

  app.addHook('preHandler', async (request, reply) => {
    if (request.routeOptions.config.idempotent !== true) return;
    const key = request.headers[HEADER];
    if (typeof key !== 'string') return;
    const claim = { caller: callerOf(request), key };
    const route = routeOf(request);
    const hash = hashOf(request);
    for (;;) {
      try {
        await db
          .insertInto('idempotent_requests')
          .values({ ...claim, route, request_hash: hash, created_at: new Date().toISOString() })
          .execute();
        claims.set(request, claim);
        return;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
      const answer = await firstAnswer(db, claim, route, hash);
      if (answer !== undefined) return replay(reply, answer);
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = claims.get(request);
    if (claim === undefined) return payload;
    claims.delete(request);
    if (reply.statusCode >= 500 || typeof payload !== 'string') {
      await db
        .deleteFrom('idempotent_requests')
        .where('caller', '=', claim.caller)
        .where('key', '=', claim.key)
        .execute();
      return payload;
    }
    // Kept before the answer leaves: an answer a client received is always one a retry gets again.
    await db
      .updateTable('idempotent_requests')
      .set({ status_code: reply.statusCode, response: payload })
      .where('caller', '=', claim.caller)
      .where('key', '=', claim.key)
      .execute();
    return payload;
  });
}

function replay(reply: FastifyReply, answer: { status: number; body: string }): FastifyReply {
  return reply
    .code(answer.status)
    .header(IDEMPOTENT_REPLAY_HEADER, 'true')
    .type('application/json; charset=utf-8')
    .send(answer.body);
}
