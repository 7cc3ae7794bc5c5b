import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { USER_TOKEN_LIFETIME_MS, type UserTokenPurpose } from '@portal/contracts/users';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';

type Db = Kysely<Database> | Transaction<Database>;

/** Expired, used, replaced or unknown: one answer, so that a link tells nothing about an account. */
export function linkNotValid(): AppError {
  return new AppError(410, 'GONE', 'This link is no longer valid');
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
  await db
    .insertInto('user_tokens')
    .values({
      id: randomUUID(),
      user_id: userId,
      purpose,
      token_hash: hashToken(token),
      expires_at: new Date(now.getTime() + USER_TOKEN_LIFETIME_MS[purpose]).toISOString(),
      used_at: null,
      created_at: now.toISOString(),
    })
    .execute();
  return token;
}

/** Ends a user's open links (all purposes unless one is given): a removed user's invitation stops working. */
export async function closeOpenTokens(
  db: Db,
  userId: string,
  now: Date,
  purpose?: UserTokenPurpose,
): Promise<void> {
  let update = db
    .updateTable('user_tokens')
    .set({ used_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null);
  if (purpose !== undefined) update = update.where('purpose', '=', purpose);
  await update.execute();
}

/** The open link of a token with its user, or undefined when it is unknown, used or expired. */
export async function findOpenToken(db: Db, token: string, purpose: UserTokenPurpose, now: Date) {
  return db
    .selectFrom('user_tokens')
    .innerJoin('users', 'users.id', 'user_tokens.user_id')
    .select([
      'user_tokens.id as token_id',
      'users.id as user_id',
      'users.email',
      'users.role',
      'users.status',
      'users.merchant_id',
    ])
    .where('user_tokens.token_hash', '=', hashToken(token))
    .where('user_tokens.purpose', '=', purpose)
    .where('user_tokens.used_at', 'is', null)
    .where('user_tokens.expires_at', '>', now.toISOString())
    .executeTakeFirst();
}

/**
 * Marks the link used in one conditional statement: of two requests racing with the same link, only
 * one gets `true`.
 */
export async function useToken(db: Db, tokenId: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('user_tokens')
    .set({ used_at: now.toISOString() })
    .where('id', '=', tokenId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** How many links of a purpose a user was sent since a time (the per-e-mail limit of reset e-mails). */
export async function countTokensSince(
  db: Db,
  userId: string,
  purpose: UserTokenPurpose,
  since: Date,
): Promise<number> {
  const row = await db
    .selectFrom('user_tokens')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('created_at', '>', since.toISOString())
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}
