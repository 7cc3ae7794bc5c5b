import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { UserStatus } from '@portal/contracts/enums';
import type { Role } from '@portal/contracts/roles';
import type { Database } from '../db/schema.js';
import { endProviderSignIns, revokeGrant } from './provider/database-adapter.js';
import {
  endOpenSession,
  endOpenSessionsOf,
  findProviderSession,
  findSession,
  findSessionWithUser,
  insertSessionOnce,
} from './sign-in-sessions-repository.js';

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
  await insertSessionOnce(db, { id, userId, providerSession, at: now.toISOString() });
  if (providerSession === null) return id;
  const made = await findSession(db, userId, providerSession);
  return made?.ended_at === null ? made.id : undefined;
}

/** What the access check needs of a token's session, in one read by primary key. */
export interface SessionStanding {
  userId: string;
  ended: boolean;
  status: UserStatus;
  role: Role;
}

export async function sessionStanding(db: Db, sessionId: string): Promise<SessionStanding | undefined> {
  const row = await findSessionWithUser(db, sessionId);
  return row === undefined
    ? undefined
    : { userId: row.user_id, ended: row.ended_at !== null, status: row.status, role: row.role };
}

/** Sign-out: ends this session and revokes the provider's grant behind it (its refresh tokens). */
export async function endSession(db: Db, sessionId: string, now: Date = new Date()): Promise<void> {
  const row = await endOpenSession(db, sessionId, now.toISOString());
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
  await endOpenSessionsOf(db, userId, now.toISOString(), keepSessionId);
  const kept = keepSessionId === undefined ? undefined : await findProviderSession(db, userId, keepSessionId);
  await endProviderSignIns(db, userId, kept);
}
