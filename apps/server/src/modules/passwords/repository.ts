import type { Insertable, Kysely, Transaction } from 'kysely';
import type { UserTokenPurpose } from '@portal/contracts/users';
import type { Database, UserTokensTable } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

export async function insertUserToken(db: Db, row: Insertable<UserTokensTable>): Promise<void> {
  await db.insertInto('user_tokens').values(row).execute();
}

/** Marks a user's open links used (all purposes unless one is given). */
export async function closeTokens(
  db: Db,
  userId: string,
  at: string,
  purpose?: UserTokenPurpose,
): Promise<void> {
  let update = db
    .updateTable('user_tokens')
    .set({ used_at: at })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null);
  if (purpose !== undefined) update = update.where('purpose', '=', purpose);
  await update.execute();
}

/** The open link with this hash and purpose, or undefined when it is unknown, used or expired. */
export async function findOpenTokenByHash(db: Db, tokenHash: string, purpose: UserTokenPurpose, at: string) {
  return db
    .selectFrom('user_tokens')
    .select(['id', 'user_id'])
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
}

/**
 * Marks the link used in one conditional statement: of two requests racing with the same link, only
 * one gets `true`.
 */
export async function markTokenUsed(db: Db, tokenId: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('user_tokens')
    .set({ used_at: at })
    .where('id', '=', tokenId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** How many links of a purpose a user was sent since a time. */
export async function countTokensSince(
  db: Db,
  userId: string,
  purpose: UserTokenPurpose,
  since: string,
): Promise<number> {
  const row = await db
    .selectFrom('user_tokens')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('created_at', '>', since)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}
