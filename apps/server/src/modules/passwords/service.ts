import type { Kysely } from 'kysely';
import { withTransaction } from '../../db/transaction.js';
import type { Locale } from '@portal/contracts/brands';
import {
  brokenPasswordRules,
  emailNamePart,
  MIN_PASSWORD_LENGTH,
  type PasswordRule,
} from '@portal/contracts/password-rules';
import {
  CURRENT_PASSWORD_FIELD_PATH,
  NEW_PASSWORD_FIELD_PATH,
  PASSWORD_FIELD_PATH,
  type PasswordLink,
} from '@portal/contracts/passwords';
import type { ErrorDetail } from '@portal/contracts/api';
import { fieldRefusal } from '@portal/contracts/refusals';
import { href, PUBLIC_PATHS } from '@portal/contracts/routes';
import type { UserTokenPurpose } from '@portal/contracts/users';
import { hashPassword, verifyPassword } from '../../auth/password.js';
import { endUserSessions } from '../../auth/sign-in-sessions.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import { AppError, refused, unauthorized } from '../../http/app-error.js';
import { recordAudit, type AuditContext } from '../audit/record-audit.js';
import { queueEmail } from '../mail/queue-email.js';
import { passwordResetEmail } from '../users/password-reset-email.js';
import { credentialsOf, replacePassword, resetRecipientOf, setPasswordFromLink } from '../users/accounts.js';
import { countTokensSince, markTokenUsed } from './repository.js';
import { findOpenToken, issueUserToken, linkNotValid } from './user-tokens.js';

type Db = Kysely<Database>;

/** Reset e-mails one account gets per hour; more requests get the same answer and no e-mail. */
export const RESET_EMAILS_PER_HOUR = 3;

/** Who may use a link of each purpose: an invitation before activation, a reset once active. */
const STATUS_FOR: Readonly<Record<UserTokenPurpose, 'INVITED' | 'ACTIVE'>> = {
  ACTIVATION: 'INVITED',
  RESET: 'ACTIVE',
};

function ruleRefusal(rule: PasswordRule, email: string, path: string): ErrorDetail {
  switch (rule) {
    case 'length':
      return fieldRefusal(path, 'password.too_short', { min: MIN_PASSWORD_LENGTH });
    case 'notEmail': {
      const name = emailNamePart(email);
      return name === null
        ? fieldRefusal(path, 'password.contains_email')
        : fieldRefusal(path, 'password.contains_email_name', { name });
    }
    case 'notCommon':
      return fieldRefusal(path, 'password.too_common');
  }
}

function checkRules(password: string, email: string, path: string): void {
  const broken = brokenPasswordRules(password, email);
  if (broken.length === 0) return;
  throw new AppError(400, 'VALIDATION_FAILED', refused('password.rules_not_met'), {
    details: broken.map((rule) => ruleRefusal(rule, email, path)),
  });
}

async function openLink(db: Db, token: string, purpose: UserTokenPurpose, now: Date) {
  const link = await findOpenToken(db, token, purpose, now);
  if (link?.status !== STATUS_FOR[purpose]) throw linkNotValid();
  return link;
}

/** What a link's page needs: the e-mail of its account (the link itself proves it was received). */
export async function passwordLink(db: Db, token: string, purpose: UserTokenPurpose): Promise<PasswordLink> {
  const link = await openLink(db, token, purpose, new Date());
  return { email: link.email };
}

/**
 * Creates (activation) or replaces (reset) the password through a single-use link. Activation makes the
 * invited user ACTIVE; a reset ends every session of the user (docs/auth.md, "Sessions"): whoever knew
 * the old password is signed out everywhere.
 */
export async function setPasswordWithLink(
  db: Db,
  token: string,
  purpose: UserTokenPurpose,
  password: string,
  requestId: string,
): Promise<{ email: string }> {
  const now = new Date();
  const link = await openLink(db, token, purpose, now);
  checkRules(password, link.email, PASSWORD_FIELD_PATH);
  const passwordHash = await hashPassword(password);
  await withTransaction(db, async (trx) => {
    const at = now.toISOString();
    if (!(await markTokenUsed(trx, link.tokenId, at))) throw linkNotValid();
    // Removed between the check and now: the link died with the account.
    if (!(await setPasswordFromLink(trx, link.userId, STATUS_FOR[purpose], passwordHash, at))) {
      throw linkNotValid();
    }
    await endUserSessions(trx, link.userId, { now });
    const context: AuditContext = {
      actor: { type: 'USER', userId: link.userId, email: link.email, role: link.role },
      requestId,
    };
    await recordAudit(trx, context, {
      merchantId: link.merchantId,
      kind: purpose === 'ACTIVATION' ? 'user.activated' : 'user.password_reset',
      subjectType: 'user',
      subjectId: link.userId,
      ...(purpose === 'ACTIVATION' ? { before: { status: 'INVITED' }, after: { status: 'ACTIVE' } } : {}),
    });
  });
  return { email: link.email };
}

/**
 * "Forgot password": e-mails a 1-hour reset link to an ACTIVE account, at most RESET_EMAILS_PER_HOUR
 * an hour. The caller answers the same whatever happened here, so that nothing tells whether the
 * account exists (the per-address limit is the route's).
 */
export async function requestPasswordReset(
  db: Db,
  config: Pick<Config, 'publicUrl' | 'brand'>,
  email: string,
  asked: Locale | undefined,
): Promise<void> {
  const now = new Date();
  const user = await resetRecipientOf(db, email);
  if (user?.status !== 'ACTIVE') return;
  // A merchant user of the other brand signs in on the other portal: its link would lead here.
  if (user.merchant_id !== null && user.brand !== config.brand) return;
  const since = new Date(now.getTime() - 3_600_000);
  if ((await countTokensSince(db, user.id, 'RESET', since.toISOString())) >= RESET_EMAILS_PER_HOUR) return;

  // Provider staff belong to no merchant: English, unless the page asked otherwise.
  const locale = asked ?? user.language ?? 'en';
  await withTransaction(db, async (trx) => {
    const token = await issueUserToken(trx, user.id, 'RESET', now);
    const resetUrl = config.publicUrl + href(PUBLIC_PATHS.passwordReset, { activationToken: token });
    await queueEmail(trx, {
      merchantId: user.merchant_id,
      to: user.email,
      template: 'password-reset',
      locale,
      message: passwordResetEmail({ firstName: user.first_name, resetUrl }, locale, config.brand),
      related: { type: 'user', id: user.id },
    });
  });
}

/**
 * A signed-in user's new password, given the current one (a wrong one is a field error). Every other
 * session of the user ends; the caller's own session (`sessionId`) goes on with its current token.
 */
export async function changePassword(
  db: Db,
  context: AuditContext,
  sessionId: string,
  { currentPassword, newPassword }: { currentPassword: string; newPassword: string },
): Promise<void> {
  const { userId } = context.actor;
  const user = userId === null ? undefined : await credentialsOf(db, { id: userId });
  if (user?.status !== 'ACTIVE') throw unauthorized();
  if (user.password_hash === null || !(await verifyPassword(user.password_hash, currentPassword))) {
    throw new AppError(400, 'VALIDATION_FAILED', refused('password.current_incorrect'), {
      details: [fieldRefusal(CURRENT_PASSWORD_FIELD_PATH, 'password.current_incorrect')],
    });
  }
  checkRules(newPassword, user.email, NEW_PASSWORD_FIELD_PATH);
  const passwordHash = await hashPassword(newPassword);
  await withTransaction(db, async (trx) => {
    await replacePassword(trx, user.id, passwordHash, new Date().toISOString());
    await endUserSessions(trx, user.id, { keepSessionId: sessionId });
    await recordAudit(trx, context, {
      merchantId: user.merchant_id,
      kind: 'user.password_changed',
      subjectType: 'user',
      subjectId: user.id,
    });
  });
}
