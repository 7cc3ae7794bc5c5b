import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { UserStatus } from '@portal/contracts/enums';
import type { Role } from '@portal/contracts/roles';
import type { Database } from '../db/schema.js';
import { endProviderSignIns, revokeGrant } from './provider/database-adapter.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Sign-in sessions (docs/auth.md, "Sessions"): a row per sign-in at the identity provider, named by
 * every portal token of that sign-in (`sid`). Ending the row refuses those tokens at their next request
 * and the provider's tokens of that sign-in at their next exchange.
 */

/**
 * The session of a sign-in at the exchange: the one already made for this provider session (every
 * renewal and merchant switch exchanges again), or a new one. Undefined when that session has ended.
 * Without a provider session id each exchange starts a session of its own.
 */
export async function sessionForExchange(
  db: Db,
  userId: string,
  providerSession: string | null,
  now: Date = new Date(),
): Promise<string | undefined> {
  if (providerSession !== null) {
    const existing = await findSession(db, userId, providerSession);
    if (existing !== undefined) return existing.ended_at === null ? existing.id : undefined;
  }
  const id = randomUUID();
  await db
    .insertInto('sign_in_sessions')
    .values({
      id,
      user_id: userId,
      provider_session: providerSession,
      created_at: now.toISOString(),
      ended_at: null,
    })
    // Two exchanges of the same sign-in at once: the second one finds the first one's row.
    .onConflict((conflict) => conflict.columns(['user_id', 'provider_session']).doNothing())
    .execute();
  if (providerSession === null) return id;
  const made = await findSession(db, userId, providerSession);
  return made?.ended_at === null ? made.id : undefined;
}

function findSession(db: Db, userId: string, providerSession: string) {
  return db
    .selectFrom('sign_in_sessions')
    .select(['id', 'ended_at'])
    .where('user_id', '=', userId)
    .where('provider_session', '=', providerSession)
    .executeTakeFirst();
}

/** What the access check needs of a token's session, in one read by primary key. */
export interface SessionStanding {
  userId: string;
  ended: boolean;
  status: UserStatus;
  role: Role;
}

export async function sessionStanding(db: Db, sessionId: string): Promise<SessionStanding | undefined> {
  const row = await db
    .selectFrom('sign_in_sessions')
    .innerJoin('users', 'users.id', 'sign_in_sessions.user_id')
    .select(['sign_in_sessions.user_id', 'sign_in_sessions.ended_at', 'users.status', 'users.role'])
    .where('sign_in_sessions.id', '=', sessionId)
    .executeTakeFirst();
  return row === undefined
    ? undefined
    : { userId: row.user_id, ended: row.ended_at !== null, status: row.status, role: row.role };
}

/** Sign-out: ends this session and revokes the provider's grant behind it (its refresh tokens). */
export async function endSession(db: Db, sessionId: string, now: Date = new Date()): Promise<void> {
  const row = await db
    .updateTable('sign_in_sessions')
    .set({ ended_at: now.toISOString() })
    .where('id', '=', sessionId)
    .where('ended_at', 'is', null)
    .returning('provider_session')
    .executeTakeFirst();
  if (row?.provider_session != null) await revokeGrant(db, row.provider_session);
}

/**
 * Ends every session of a user (a password reset), or every one but `keepSessionId` (a password change
 * keeps the caller's): the portal's sessions and, at the provider, the grants, refresh tokens and
 * provider sessions, so that no other browser refreshes or exchanges again.
 */
export async function endUserSessions(
  db: Db,
  userId: string,
  { keepSessionId, now = new Date() }: { keepSessionId?: string; now?: Date } = {},
): Promise<void> {
  let ending = db
    .updateTable('sign_in_sessions')
    .set({ ended_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null);
  if (keepSessionId !== undefined) ending = ending.where('id', '!=', keepSessionId);
  await ending.execute();
  const kept =
    keepSessionId === undefined
      ? undefined
      : await db
          .selectFrom('sign_in_sessions')
          .select('provider_session')
          .where('id', '=', keepSessionId)
          .where('user_id', '=', userId)
          .executeTakeFirst();
  await endProviderSignIns(db, userId, kept?.provider_session ?? undefined);
}
