import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import { IDEMPOTENCY_KEY_HEADER } from '@portal/contracts/api';
import type { Database } from '../db/schema.js';
import { withTransaction } from '../db/transaction.js';
import { AppError, conflict, refused, unprocessable } from './app-error.js';
import { errorBodyOf } from './error-handler.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route creates something or acts, and its handler goes through `idempotent` (below): a
     * request with an `Idempotency-Key` is done once per caller and key, and a repeat gets the first answer.
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

/** What a route's work answers: its status and body, serialized with the route's schema. */
export interface IdempotentAnswer {
  status: number;
  body: unknown;
}

interface Claim {
  caller: string;
  key: string;
  route: string;
  request_hash: string;
}

interface Kept {
  status: number;
  response: string;
}

/** Who a key belongs to: the merchant, whose users share one account, or the user for provider staff. */
function callerOf(request: FastifyRequest): string {
  const { merchantId, userId } = request.principal;
  return merchantId === null ? `user:${userId}` : `merchant:${merchantId}`;
}

/** What makes two requests the same: their route, parameters, query and body as validated. */
function claimOf(request: FastifyRequest, key: string): Claim {
  return {
    caller: callerOf(request),
    key,
    route: `${request.method} ${request.routeOptions.url ?? ''}`,
    request_hash: createHash('sha256')
      .update(JSON.stringify([request.params, request.query, request.body]))
      .digest('hex'),
  };
}

/** The answer kept for the key, a 422 if the key was used for another request, none if it is free. */
async function keptAnswer(db: Kysely<Database>, claim: Claim): Promise<Kept | undefined> {
  const stored = await db
    .selectFrom('idempotent_requests')
    .select(['route', 'request_hash', 'status_code', 'response'])
    .where('caller', '=', claim.caller)
    .where('key', '=', claim.key)
    .executeTakeFirst();
  if (stored === undefined) return undefined;
  if (stored.route !== claim.route || stored.request_hash !== claim.request_hash) {
    throw unprocessable(refused('request.idempotency_key_reused'));
  }
  // Only a key claimed by a version that kept the answer after the write can be in this state.
  if (stored.status_code === null || stored.response === null) {
    throw conflict(refused('request.idempotency_interrupted'));
  }
  return { status: stored.status_code, response: stored.response };
}

/**
 * Inserts the key with its answer, or nothing when the key is taken. Not an error on a taken key, so
 * that the transaction stays usable; on PostgreSQL a claim in progress makes this wait for its commit.
 */
async function keep(db: Kysely<Database>, claim: Claim, answer: Kept | undefined): Promise<boolean> {
  const result = await db
    .insertInto('idempotent_requests')
    .values({
      ...claim,
      status_code: answer?.status ?? null,
      response: answer?.response ?? null,
      created_at: new Date().toISOString(),
    })
    .onConflict((onConflict) => onConflict.columns(['caller', 'key']).doNothing())
    .executeTakeFirst();
  return result.numInsertedOrUpdatedRows !== 0n;
}

/** The answer as the route's serializer for its status writes it, which is what a replay sends. */
function serialized(reply: FastifyReply, status: number, body: unknown): Kept {
  const bytes = reply.code(status).serialize(body);
  return { status, response: typeof bytes === 'string' ? bytes : new TextDecoder().decode(bytes) };
}

/**
 * Does the work with its key claimed, and keeps its answer, all in one transaction (run again on a
 * serialization conflict or deadlock, db/transaction.ts): after a crash
 * either nothing of it happened (a retry acts) or all of it did, answer included (a retry replays it).
 * A refusal writes nothing but is kept, in a transaction of its own, and thrown for the error handler.
 * None when another request holds the key: its answer is kept by now.
 */
async function act(
  db: Kysely<Database>,
  reply: FastifyReply,
  claim: Claim,
  work: (trx: Transaction<Database>) => Promise<IdempotentAnswer>,
): Promise<Kept | undefined> {
  try {
    return await withTransaction(db, async (trx) => {
      if (!(await keep(trx, claim, undefined))) return undefined;
      const { status, body } = await work(trx);
      const kept = serialized(reply, status, body);
      await trx
        .updateTable('idempotent_requests')
        .set({ status_code: kept.status, response: kept.response })
        .where('caller', '=', claim.caller)
        .where('key', '=', claim.key)
        .execute();
      return kept;
    });
  } catch (error) {
    // A 5xx keeps nothing, so that the retry acts.
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    if (!(await keep(db, claim, serialized(reply, error.status, errorBodyOf(error))))) return undefined;
    throw error;
  }
}

/**
 * The handler of a `config: { idempotent: true }` route: runs `work` in a database transaction (every
 * query of the work must use the `trx` it is given) and sends its answer. With an `Idempotency-Key`
 * the work is done once per caller and key: a repeat with the same route, parameters and body gets
 * the first answer (refusals included, not 5xx) with `Idempotent-Replayed`, a concurrent duplicate
 * waits for it, and the same key for anything else is 422. Work after the commit (delivering mail)
 * goes after this returns.
 */
export async function idempotent(
  request: FastifyRequest,
  reply: FastifyReply,
  db: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<IdempotentAnswer>,
): Promise<FastifyReply> {
  if (request.routeOptions.config.idempotent !== true) {
    throw new Error(`${request.routeOptions.url ?? ''} is not declared idempotent in its config`);
  }
  const key = request.headers[HEADER];
  if (typeof key !== 'string') {
    const { status, body } = await withTransaction(db, work);
    return reply.code(status).send(body);
  }
  const claim = claimOf(request, key);
  for (;;) {
    const kept = await keptAnswer(db, claim);
    if (kept !== undefined) return send(reply.header(IDEMPOTENT_REPLAY_HEADER, 'true'), kept);
    const answer = await act(db, reply, claim, work);
    if (answer !== undefined) return send(reply, answer);
  }
}

function send(reply: FastifyReply, answer: Kept): FastifyReply {
  // Already serialized: sent as it is kept, byte for byte.
  return reply.code(answer.status).type('application/json; charset=utf-8').send(answer.response);
}

/** Documents the `Idempotency-Key` header of the idempotent routes and refuses a malformed key (400). */
export function registerIdempotency(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (route.config?.idempotent !== true) return;
    const schema = route.schema ?? {};
    schema.headers ??= z.object({ [HEADER]: keySchema });
    route.schema = schema;
  });
}
