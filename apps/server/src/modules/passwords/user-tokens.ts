import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { USER_TOKEN_LIFETIME_MS, type UserTokenPurpose } from '@portal/contracts/users';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError, refused } from '../../http/app-error.js';
import { accountOf } from '../users/accounts.js';
import { closeTokens, findOpenTokenByHash, insertUserToken } from './repository.js';

type Db = Kysely<Database> | Transaction<Database>;

/** Expired, used, replaced or unknown: one answer, so that a link tells nothing about an account. */
export function linkNotValid(): AppError {
  return new AppError(410, 'GONE', refused('password.link_invalid'));
}

/** Only this hash is stored: the token itself exists only in the e-mail. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Makes a new single-use link for a user, replacing any open one of the same purpose (a resent
 * invitation or a second reset e-mail makes the earlier link stop working). Call it in the transaction
 * that queues the e-mail carrying the token.
 */
export async function issueUserToken(
  db: Db,
  userId: string,
  purpose: UserTokenPurpose,
  now: Date = new Date(),
): Promise<string> {
  await closeOpenTokens(db, userId, now, purpose);
  const token = randomBytes(32).toString('base64url');
  await insertUserToken(db, {
    id: randomUUID(),
    user_id: userId,
    purpose,
    token_hash: hashToken(token),
    expires_at: new Date(now.getTime() + USER_TOKEN_LIFETIME_MS[purpose]).toISOString(),
    used_at: null,
    created_at: now.toISOString(),
  });
  return token;
}

/** Ends a user's open links (all purposes unless one is given): a removed user's invitation stops working. */
export async function closeOpenTokens(
  db: Db,
  userId: string,
  now: Date,
  purpose?: UserTokenPurpose,
): Promise<void> {
  await closeTokens(db, userId, now.toISOString(), purpose);
}

/** The open link of a token with its user, or undefined when it is unknown, used or expired. */
export async function findOpenToken(db: Db, token: string, purpose: UserTokenPurpose, now: Date) {
  const link = await findOpenTokenByHash(db, hashToken(token), purpose, now.toISOString());
  const user = link && (await accountOf(db, { id: link.user_id }));
  return (
    user && {
      tokenId: link.id,
      userId: user.id,
      email: user.email,
      role: user.role,
      status: user.status,
      merchantId: user.merchant_id,
    }
  );
}
