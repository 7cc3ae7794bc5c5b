import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Brand, Locale } from '@portal/contracts/brands';
import { fieldRefusal } from '@portal/contracts/refusals';
import { href, PUBLIC_PATHS } from '@portal/contracts/routes';
import type { MerchantRole } from '@portal/contracts/roles';
import {
  EMAIL_FIELD_PATH,
  USER_CONFLICT_REASON_PATH,
  type AddUserBody,
  type User,
  type UserConflictReason,
  type UserListQuery,
  type UserListResponse,
} from '@portal/contracts/users';
import { endUserSessions } from '../../auth/sign-in-sessions.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import { withTransaction } from '../../db/transaction.js';
import { conflict, forbidden, refused as refusal } from '../../http/app-error.js';
import { answerDateOrNull } from '../../http/answer-dates.js';
import { recordAudit, type AuditContext } from '../audit/record-audit.js';
import { queueEmail } from '../mail/queue-email.js';
import { notify } from '../email-notifications/notify.js';
import { closeOpenTokens, issueUserToken } from '../passwords/user-tokens.js';
import { invitationEmail } from './invitation-email.js';
import {
  countOtherActiveAdmins,
  countUsers,
  disableUser,
  findMerchantForInvitation,
  findTeamUser,
  findUserName,
  holderOfEmail,
  insertInvitedUser,
  listUsers,
  lockMerchant,
  reinviteUser,
  setInvitedAt,
  setUserRole,
  type UserRow,
  listTeamMembers,
} from './repository.js';

type Db = Kysely<Database>;
type MailConfig = Pick<Config, 'publicUrl' | 'brand'>;

/** The same words whether the user does not exist or is another merchant's (docs/auth.md). */
const USER_FORBIDDEN = refusal('user.no_access');

function refused(reason: UserConflictReason) {
  return conflict(refusal(`user.${reason}`), [{ path: USER_CONFLICT_REASON_PATH, message: reason }]);
}

function emailTaken() {
  return conflict(refusal('user.email_taken'), [fieldRefusal(EMAIL_FIELD_PATH, 'user.email_taken')]);
}

/** The e-mail of a removed user of the same merchant: restore that user rather than invite anew. */
function emailOfRemovedUser() {
  return conflict(refusal('user.restorable'), [
    fieldRefusal(EMAIL_FIELD_PATH, 'user.restorable'),
    { path: USER_CONFLICT_REASON_PATH, message: 'restorable' },
  ]);
}

function toUser(row: UserRow): User {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    // findTeamUser and listUsers keep only the merchant roles.
    role: row.role as MerchantRole,
    status: row.status,
    invitedAt: answerDateOrNull(row.invited_at),
    lastSignInAt: answerDateOrNull(row.last_sign_in_at),
  };
}

export async function userList(
  db: Db,
  merchantId: string,
  query: UserListQuery,
): Promise<UserListResponse['data']> {
  const [rows, total] = await Promise.all([
    listUsers(db, merchantId, query),
    countUsers(db, merchantId, query),
  ]);
  return { items: rows.map(toUser), pagination: { offset: query.offset, limit: query.limit, total } };
}

async function teamUser(db: Db, merchantId: string, userId: string) {
  const row = await findTeamUser(db, merchantId, userId);
  if (row === undefined) throw forbidden(USER_FORBIDDEN);
  return row;
}

async function inviterName(db: Db, context: AuditContext): Promise<string | null> {
  if (context.actor.userId === null) return null;
  const row = await findUserName(db, context.actor.userId);
  return row === undefined ? null : `${row.first_name} ${row.last_name}`.trim();
}

interface Invitation {
  readonly userId: string;
  readonly email: string;
  readonly firstName: string;
  readonly merchantId: string;
  /** The invited user has no language of its own yet: without one asked for, the merchant's. */
  readonly locale: Locale | undefined;
}

/** Issues the activation link and queues its e-mail; part of the caller's transaction. */
async function sendInvitation(
  db: Parameters<typeof issueUserToken>[0],
  config: MailConfig,
  invitation: Invitation,
  context: { merchantName: string; merchantLanguage: Locale; invitedBy: string | null; brand: Brand },
): Promise<void> {
  const locale = invitation.locale ?? context.merchantLanguage;
  const token = await issueUserToken(db, invitation.userId, 'ACTIVATION');
  const activationUrl = config.publicUrl + href(PUBLIC_PATHS.activate, { activationToken: token });
  await queueEmail(db, {
    merchantId: invitation.merchantId,
    to: invitation.email,
    template: 'invitation',
    locale,
    message: invitationEmail(
      {
        firstName: invitation.firstName,
        merchantName: context.merchantName,
        invitedBy: context.invitedBy,
        activationUrl,
      },
      locale,
      context.brand,
    ),
    related: { type: 'user', id: invitation.userId },
  });
}

/**
 * Adds a user INVITED, with a 7-day activation link by e-mail. An e-mail already in use (by anyone,
 * of any merchant: e-mails are unique) is a 409 field error on `body.email`; when it is a removed user
 * of this merchant, the reason `restorable` says that the user can be restored instead.
 */
export async function addUser(
  db: Db,
  config: MailConfig,
  context: AuditContext,
  merchantId: string,
  body: AddUserBody,
): Promise<User> {
  const holder = await holderOfEmail(db, body.email);
  if (holder !== undefined) {
    // Another merchant's user is only "in use": nothing about it is said to this merchant.
    throw holder.merchant_id === merchantId && holder.status === 'DISABLED'
      ? emailOfRemovedUser()
      : emailTaken();
  }
  const merchant = await findMerchantForInvitation(db, merchantId);
  if (merchant === undefined) throw forbidden();
  const invitedBy = await inviterName(db, context);
  const id = randomUUID();
  const now = new Date().toISOString();
  await withTransaction(db, async (trx) => {
    const inserted = await insertInvitedUser(trx, {
      id,
      tenantId: merchant.tenant_id,
      merchantId: merchant.id,
      email: body.email,
      firstName: body.firstName,
      lastName: body.lastName,
      role: body.role,
      at: now,
    });
    if (!inserted) throw emailTaken();
    await sendInvitation(
      trx,
      config,
      { userId: id, email: body.email, firstName: body.firstName, merchantId, locale: body.locale },
      { merchantName: merchant.name, merchantLanguage: merchant.language, invitedBy, brand: config.brand },
    );
    await recordAudit(trx, context, {
      merchantId,
      kind: 'user.added',
      subjectType: 'user',
      subjectId: id,
      after: { firstName: body.firstName, lastName: body.lastName, email: body.email, role: body.role },
    });
    await notify(trx, merchantId, [
      {
        event: 'USER_INVITED',
        userId: id,
        name: `${body.firstName} ${body.lastName}`.trim(),
        email: body.email,
        invitedBy,
      },
    ]);
  });
  return toUser(await teamUser(db, merchantId, id));
}

/** A new activation link for a user who has not activated yet; the earlier link stops working. */
export async function resendInvitation(
  db: Db,
  config: MailConfig,
  context: AuditContext,
  merchantId: string,
  userId: string,
  locale: Locale | undefined,
): Promise<User> {
  const user = await teamUser(db, merchantId, userId);
  if (user.status !== 'INVITED') throw refused(user.status === 'DISABLED' ? 'removed' : 'not_invited');
  const merchant = await findMerchantForInvitation(db, merchantId);
  if (merchant === undefined) throw forbidden();
  const invitedBy = await inviterName(db, context);
  const now = new Date().toISOString();
  await withTransaction(db, async (trx) => {
    await setInvitedAt(trx, userId, now);
    await sendInvitation(
      trx,
      config,
      { userId, email: user.email, firstName: user.first_name, merchantId, locale },
      { merchantName: merchant.name, merchantLanguage: merchant.language, invitedBy, brand: config.brand },
    );
    await recordAudit(trx, context, {
      merchantId,
      kind: 'user.invitation_resent',
      subjectType: 'user',
      subjectId: userId,
      before: { invitedAt: user.invited_at },
      after: { invitedAt: now },
    });
  });
  return toUser(await teamUser(db, merchantId, userId));
}

/**
 * Changes a user's role. The user's tokens of the old role are refused at their next request (401);
 * the portal then exchanges again and gets the new role's scopes (docs/auth.md, "Sessions").
 * Refused (409) for one's own role and for the merchant's last active admin.
 */
export async function updateUserRole(
  db: Db,
  context: AuditContext,
  merchantId: string,
  userId: string,
  role: MerchantRole,
): Promise<User> {
  await withTransaction(db, async (trx) => {
    await lockMerchant(trx, merchantId);
    const user = await findTeamUser(trx, merchantId, userId);
    if (user === undefined) throw forbidden(USER_FORBIDDEN);
    if (user.status === 'DISABLED') throw refused('removed');
    if (user.role === role) return;
    if (user.id === context.actor.userId) throw refused('self_demotion');
    if (user.role === 'ADMIN' && user.status === 'ACTIVE') {
      if ((await countOtherActiveAdmins(trx, merchantId, userId)) === 0) throw refused('last_admin');
    }
    await setUserRole(trx, userId, role, new Date().toISOString());
    await recordAudit(trx, context, {
      merchantId,
      kind: 'user.role_updated',
      subjectType: 'user',
      subjectId: userId,
      before: { role: user.role },
      after: { role },
    });
  });
  return toUser(await teamUser(db, merchantId, userId));
}

/**
 * Removes a user: DISABLED, never deleted, so that the audit log keeps its history. It can no longer
 * sign in, its open links stop working, and every session of it ends: its portal tokens are refused at
 * their next request, its provider tokens at their next renewal.
 */
export async function removeUser(
  db: Db,
  context: AuditContext,
  merchantId: string,
  userId: string,
): Promise<User> {
  await withTransaction(db, async (trx) => {
    await lockMerchant(trx, merchantId);
    const user = await findTeamUser(trx, merchantId, userId);
    if (user === undefined) throw forbidden(USER_FORBIDDEN);
    if (user.id === context.actor.userId) throw refused('self_removal');
    if (user.status === 'DISABLED') throw refused('removed');
    if (user.role === 'ADMIN' && user.status === 'ACTIVE') {
      if ((await countOtherActiveAdmins(trx, merchantId, userId)) === 0) throw refused('last_admin');
    }
    const now = new Date();
    await disableUser(trx, userId, now.toISOString());
    await closeOpenTokens(trx, userId, now);
    await endUserSessions(trx, userId, { now });
    await recordAudit(trx, context, {
      merchantId,
      kind: 'user.removed',
      subjectType: 'user',
      subjectId: userId,
      before: { email: user.email, role: user.role, status: user.status },
      after: { status: 'DISABLED' },
    });
  });
  return toUser(await teamUser(db, merchantId, userId));
}

/**
 * Restores a removed user: INVITED again, with the role it had, and a new 7-day activation link by
 * e-mail; the password it had no longer signs in. Refused (409 `not_removed`) for a user not removed.
 */
export async function restoreUser(
  db: Db,
  config: MailConfig,
  context: AuditContext,
  merchantId: string,
  userId: string,
  locale: Locale | undefined,
): Promise<User> {
  const merchant = await findMerchantForInvitation(db, merchantId);
  if (merchant === undefined) throw forbidden();
  const invitedBy = await inviterName(db, context);
  await withTransaction(db, async (trx) => {
    await lockMerchant(trx, merchantId);
    const user = await findTeamUser(trx, merchantId, userId);
    if (user === undefined) throw forbidden(USER_FORBIDDEN);
    if (user.status !== 'DISABLED') throw refused('not_removed');
    const now = new Date().toISOString();
    await reinviteUser(trx, userId, now);
    await sendInvitation(
      trx,
      config,
      { userId, email: user.email, firstName: user.first_name, merchantId, locale },
      { merchantName: merchant.name, merchantLanguage: merchant.language, invitedBy, brand: config.brand },
    );
    await recordAudit(trx, context, {
      merchantId,
      kind: 'user.restored',
      subjectType: 'user',
      subjectId: userId,
      before: { status: 'DISABLED' },
      after: { status: 'INVITED', role: user.role },
    });
  });
  return toUser(await teamUser(db, merchantId, userId));
}

/** The merchant's users who are not removed, by e-mail: the team the notifications page lists. */
export async function teamMembers(db: Db, merchantId: string): Promise<{ email: string; name: string }[]> {
  return (await listTeamMembers(db, merchantId)).map((row) => ({
    email: row.email.toLowerCase(),
    name: `${row.first_name} ${row.last_name}`.trim(),
  }));
}
