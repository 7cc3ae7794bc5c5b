import { randomBytes } from 'node:crypto';
import { LOCKOUT_MINUTES, MAX_FAILED_SIGN_INS } from '@portal/contracts/auth';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { hashPassword, verifyPassword } from '../password.js';

type SignInOutcome =
  | { kind: 'signed-in'; accountId: string }
  | { kind: 'invalid' }
  | { kind: 'disabled' }
  | { kind: 'locked'; until: string };

let unknownUserHash: Promise<string> | undefined;

/**
 * A hash no password matches, checked when the e-mail is unknown so that the answer takes as long as
 * for a known one (the time would otherwise tell which e-mails have accounts). Made once per process;
 * call early so that the first unknown e-mail does not pay for making it.
 */
export function unknownUserPasswordHash(): Promise<string> {
  unknownUserHash ??= hashPassword(randomBytes(32).toString('base64url'));
  return unknownUserHash;
}

/**
 * Checks a sign-in attempt against the `users` table and keeps the lockout count: MAX_FAILED_SIGN_INS
 * failures in a row lock the account for LOCKOUT_MINUTES, during which even the right password is
 * refused; a success resets the count. A wrong e-mail and a wrong password get the same answer.
 */
export async function checkSignIn(
  db: Kysely<Database>,
  email: string,
  password: string,
  now: Date = new Date(),
): Promise<SignInOutcome> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'status', 'password_hash', 'locked_until'])
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
  // Hash first, whatever the row says, so that every refusal costs the same time.
  const passwordHash = user?.password_hash ?? (await unknownUserPasswordHash());
  const matches = await verifyPassword(passwordHash, password);
  if (user === undefined || user.password_hash === null) return { kind: 'invalid' };

  if (user.locked_until !== null && Date.parse(user.locked_until) > now.getTime()) {
    return { kind: 'locked', until: new Date(user.locked_until).toISOString() };
  }
  if (!matches) return recordFailure(db, user.id, now);
  if (user.status !== 'ACTIVE') return { kind: 'disabled' };

  await db
    .updateTable('users')
    .set({ failed_sign_ins: 0, locked_until: null, last_sign_in_at: now.toISOString() })
    .where('id', '=', user.id)
    .execute();
  return { kind: 'signed-in', accountId: user.id };
}

/**
 * Counts one failure in a single statement, so that parallel attempts cannot slip past the limit.
 * The failure that reaches the limit starts the lock and the count again from zero.
 */
async function recordFailure(db: Kysely<Database>, userId: string, now: Date): Promise<SignInOutcome> {
  const until = new Date(now.getTime() + LOCKOUT_MINUTES * 60_000).toISOString();
  const reachesLimit = sql<boolean>`failed_sign_ins + 1 >= ${MAX_FAILED_SIGN_INS}`;
  const row = await db
    .updateTable('users')
    .set({
      failed_sign_ins: sql<number>`case when ${reachesLimit} then 0 else failed_sign_ins + 1 end`,
      locked_until: sql<string | null>`case when ${reachesLimit} then ${until} else locked_until end`,
    })
    .where('id', '=', userId)
    .returning('locked_until')
    .executeTakeFirst();
  const lockedUntil = row?.locked_until ?? null;
  if (lockedUntil !== null && Date.parse(lockedUntil) > now.getTime()) {
    return { kind: 'locked', until: new Date(lockedUntil).toISOString() };
  }
  return { kind: 'invalid' };
}
