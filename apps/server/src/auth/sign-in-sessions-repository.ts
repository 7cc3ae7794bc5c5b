import type { Kysely, Transaction } from 'kysely';
import { preparedQuery } from '../db/prepared-query.js';
import type { Database } from '../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** Writes a session unless the user already has one for this provider session. */
export async function insertSessionOnce(
  db: Db,
  session: { id: string; userId: string; providerSession: string | null; at: string },
): Promise<void> {
  await db
    .insertInto('sign_in_sessions')
    .values({
      id: session.id,
      user_id: session.userId,
      provider_session: session.providerSession,
      created_at: session.at,
      ended_at: null,
    })
    // Two exchanges of the same sign-in at once: the second one finds the first one's row.
    .onConflict((conflict) => conflict.columns(['user_id', 'provider_session']).doNothing())
    .execute();
}

export async function findSession(db: Db, userId: string, providerSession: string) {
  return db
    .selectFrom('sign_in_sessions')
    .select(['id', 'ended_at'])
    .where('user_id', '=', userId)
    .where('provider_session', '=', providerSession)
    .executeTakeFirst();
}

/**
 * The session with its user's status and role, in one read by primary key: the access check runs it on
 * every request, so it reads the user here rather than through a second query to the users module, and
 * its query is compiled once (db/prepared-query.ts). The user's columns are scalar subqueries, not a
 * join: SQLite plans a join again whenever its parameter is bound anew (every call), which cost several
 * times the read itself (docs/decisions/0024).
 */
const sessionWithUser = preparedQuery((db, args: { sessionId: string }) =>
  db
    .selectFrom('sign_in_sessions')
    .select((eb) => {
      const user = eb.selectFrom('users').whereRef('users.id', '=', 'sign_in_sessions.user_id');
      return [
        'sign_in_sessions.user_id',
        'sign_in_sessions.ended_at',
        // `user_id` is a non-null key to users (deleted with them): the user is always there.
        user.select('users.status').$asScalar().$notNull().as('status'),
        user.select('users.role').$asScalar().$notNull().as('role'),
      ];
    })
    .where('sign_in_sessions.id', '=', args.sessionId),
);

export async function findSessionWithUser(db: Db, sessionId: string) {
  const rows = await sessionWithUser(db, { sessionId });
  return rows[0];
}

/** Ends an open session; its provider session, or undefined when it was not open. */
export async function endOpenSession(db: Db, sessionId: string, at: string) {
  return db
    .updateTable('sign_in_sessions')
    .set({ ended_at: at })
    .where('id', '=', sessionId)
    .where('ended_at', 'is', null)
    .returning('provider_session')
    .executeTakeFirst();
}

/** Ends every open session of a user but `keepSessionId`. */
export async function endOpenSessionsOf(db: Db, userId: string, at: string, keepSessionId?: string) {
  let ending = db
    .updateTable('sign_in_sessions')
    .set({ ended_at: at })
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null);
  if (keepSessionId !== undefined) ending = ending.where('id', '!=', keepSessionId);
  await ending.execute();
}

/** The provider session behind one of the user's sessions. */
export async function findProviderSession(db: Db, userId: string, sessionId: string) {
  const row = await db
    .selectFrom('sign_in_sessions')
    .select('provider_session')
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.provider_session ?? undefined;
}
