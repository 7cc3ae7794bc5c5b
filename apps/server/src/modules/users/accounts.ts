import type { Kysely, Transaction } from 'kysely';
import type { Brand } from '@portal/contracts/brands';
import type { Database } from '../../db/schema.js';
import {
  activateWithPassword,
  findAccountByEmail,
  findAccountById,
  findActiveAdminEmails,
  findActiveUser,
  findCredentials,
  findResetRecipient,
  findUserName,
  findUserNames,
  listSignInChoices,
  recordSignIn,
  setPasswordHash,
} from './repository.js';

/*
 * The users module owns the `users` table. Sign-in, the identity provider, the token exchange, password
 * links and the transaction history read and write a user through these functions, never through SQL
 * of their own.
 */

type Db = Kysely<Database> | Transaction<Database>;

/** A user's id, e-mail, role, status, tenant and merchant, by id or by e-mail (any case). */
export async function accountOf(db: Db, by: { id: string } | { email: string }) {
  return 'id' in by ? findAccountById(db, by.id) : findAccountByEmail(db, by.email);
}

/** The account with its password hash, to check a password against (e-mails are stored lower-cased). */
export async function credentialsOf(db: Db, by: { id: string } | { email: string }) {
  return findCredentials(db, by);
}

/** An ACTIVE user's name, e-mail and role: the identity provider's claims. */
export async function activeUserClaims(db: Db, userId: string) {
  return findActiveUser(db, userId);
}

/** The e-mails of the merchant's ACTIVE admins: who is told about the merchant's access keys. */
export async function activeAdminEmailsOf(db: Db, merchantId: string): Promise<string[]> {
  return findActiveAdminEmails(db, merchantId);
}

/** The account a password-reset e-mail would go to, with its merchant's brand. */
export async function resetRecipientOf(db: Db, email: string) {
  return findResetRecipient(db, email);
}

/** Users' full names by id, for a log that keeps only their ids (a removed user keeps a name). */
export async function userNamesOf(db: Db, userIds: readonly string[]): Promise<Map<string, string>> {
  const rows = await findUserNames(db, userIds);
  return new Map(rows.map((row) => [row.id, `${row.first_name} ${row.last_name}`.trim()]));
}

/** A user's name and e-mail, as a history line or an invitation names them. */
export async function userNameOf(db: Db, userId: string) {
  return findUserName(db, userId);
}

/** The user signed in at `at` (the team list shows it). */
export async function markSignedIn(db: Db, userId: string, at: string): Promise<void> {
  await recordSignIn(db, userId, at);
}

/**
 * Sets the password through a link and makes the user ACTIVE, only while the user is still in the
 * status the link was for; false otherwise.
 */
export async function setPasswordFromLink(
  db: Db,
  userId: string,
  fromStatus: 'INVITED' | 'ACTIVE',
  passwordHash: string,
  at: string,
): Promise<boolean> {
  return activateWithPassword(db, userId, fromStatus, passwordHash, at);
}

/** A signed-in user's new password. */
export async function replacePassword(
  db: Db,
  userId: string,
  passwordHash: string,
  at: string,
): Promise<void> {
  await setPasswordHash(db, userId, passwordHash, at);
}

/** Fake auth's choices: the active users who can sign in to this brand's portal. */
export async function signInChoices(db: Db, brand: Brand) {
  return listSignInChoices(db, brand);
}
