import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  BANK_CHANGE_CUTOFF_HOUR,
  BANK_CHANGE_REQUEST_HOURS,
  BANK_COUNTRY_OF_BRAND,
  bankChangeIssues,
  type BankAccount,
  type BankChangeBody,
  type BankInformation,
  type ConfirmBankChangeBody,
} from '@portal/contracts/bank-information';
import { DAY_MS } from '@portal/contracts/constants';
import { PAGES } from '@portal/contracts/routes';
import type { Database } from '../../db/schema.js';
import { withTransaction } from '../../db/transaction.js';
import { AppError, conflict, refused, unprocessable } from '../../http/app-error.js';
import { merchantToday, ZonedTimeFormatter } from '../../lib/time-zone.js';
import { recordAudit, type AuditContext } from '../audit/record-audit.js';
import { queueEmail } from '../mail/queue-email.js';
import { merchantMailContext } from '../merchants/service.js';
import { hashToken } from '../passwords/user-tokens.js';
import { nextDeposit } from '../settlement/service.js';
import { activeAdminEmailsOf } from '../users/accounts.js';
import {
  BANK_EMAIL_TEMPLATES,
  changeConfirmedEmail,
  changeLinkEmail,
  changeRequestedEmail,
  type ChangeValues,
  type MaskedAccount,
} from './change-emails.js';
import { lastFour, maskedAccount, numbersOf, openNumbers, sameAccount, sealNumbers } from './numbers.js';
import {
  accountInEffectOn,
  accountScheduledAfter,
  closePendingRequest,
  findPendingRequest,
  insertBankAccount,
  type BankAccountRow,
} from './repository.js';

type Db = Kysely<Database>;
const HOUR_MS = 3_600_000;

/** Who acts on the merchant's bank information. */
export interface BankActor {
  readonly merchantId: string;
  readonly userId: string;
  readonly email: string;
  readonly audit: AuditContext;
}

/** Where the e-mails' links lead: the portal's public origin. */
export interface BankSettings {
  readonly publicUrl: string;
}

function isExpired(row: BankAccountRow, now: Date): boolean {
  return row.status === 'PENDING' && Date.parse(row.expires_at) <= now.getTime();
}

function toAccount(row: BankAccountRow, now: Date): BankAccount {
  return {
    id: row.id,
    country: row.country,
    holderName: row.holder_name,
    bankName: row.bank_name,
    accountType: row.account_type,
    accountLast4: row.account_last4,
    status: isExpired(row, now) ? 'EXPIRED' : row.status,
    requestedAt: new Date(row.requested_at),
    requestedByEmail: row.requested_by_email,
    expiresAt: new Date(row.expires_at),
    confirmedAt: row.confirmed_at === null ? null : new Date(row.confirmed_at),
    confirmedByEmail: row.confirmed_by_email,
    confirmedThrough: row.confirmed_through,
    effectiveFrom: row.effective_from,
  };
}

const masked = (row: BankAccountRow): MaskedAccount => ({
  bankName: row.bank_name,
  account: maskedAccount(row.account_last4),
});

/** An account as the audit log keeps it: no number but the masked last four digits. */
const audited = (row: BankAccountRow) => ({
  holderName: row.holder_name,
  bankName: row.bank_name,
  accountType: row.account_type,
  account: maskedAccount(row.account_last4),
});

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * The first deposit day a change confirmed at `now` reaches: the next day before the cut-off hour of
 * the merchant's zone, the day after from it on (BANK_CHANGE_CUTOFF_HOUR).
 */
export function effectiveFromOf(timeZone: string, now: Date): string {
  const local = new ZonedTimeFormatter(timeZone).formatInstant(now.getTime());
  const hour = Number(local.slice(11, 13));
  return addDays(local.slice(0, 10), hour < BANK_CHANGE_CUTOFF_HOUR ? 1 : 2);
}

/** The page: the account in use, a scheduled one, the pending change, and where the next deposit goes. */
export async function bankInformation(
  db: Db,
  merchantId: string,
  userId: string,
  now = new Date(),
): Promise<BankInformation> {
  const merchant = await merchantMailContext(db, merchantId);
  const today = merchantToday(merchant.timeZone, now);
  const [inUse, scheduled, pending, next] = await Promise.all([
    accountInEffectOn(db, merchantId, today),
    accountScheduledAfter(db, merchantId, today),
    findPendingRequest(db, merchantId),
    nextDeposit(db, merchantId, now),
  ]);
  const nextAccount = next === null ? undefined : await accountInEffectOn(db, merchantId, next.depositDate);
  return {
    country: BANK_COUNTRY_OF_BRAND[merchant.brand],
    cutoff: { hour: BANK_CHANGE_CUTOFF_HOUR, timeZone: merchant.timeZone },
    inUse: inUse === undefined ? null : toAccount(inUse, now),
    scheduled: scheduled === undefined ? null : toAccount(scheduled, now),
    pending: pending === undefined ? null : toAccount(pending, now),
    pendingIsMine: pending?.requested_by_user_id === userId,
    nextDeposit:
      next === null
        ? null
        : {
            depositDate: next.depositDate,
            account: nextAccount === undefined ? null : toAccount(nextAccount, now),
          },
  };
}

/** The account deposits go to now, or from a scheduled day: what a new request would replace. */
async function latestConfirmed(db: Db, merchantId: string): Promise<BankAccountRow | undefined> {
  return accountInEffectOn(db, merchantId, '9999-12-31');
}

/**
 * Asks for a new deposit account: checked against the merchant's country (the brand's), sealed,
 * audited with its masked values, the link e-mailed to the requester and the news to every active
 * administrator of the merchant, all in one transaction. A request still waiting is refused (409);
 * one that expired unconfirmed is closed as EXPIRED.
 */
export async function requestBankChange(
  db: Db,
  actor: BankActor,
  body: BankChangeBody,
  settings: BankSettings,
  now = new Date(),
): Promise<BankInformation> {
  await withTransaction(db, async (trx) => {
    const merchant = await merchantMailContext(trx, actor.merchantId);
    const country = BANK_COUNTRY_OF_BRAND[merchant.brand];
    const issues = bankChangeIssues(body, country);
    if (issues.length > 0) {
      throw new AppError(400, 'VALIDATION_FAILED', 'Some bank details are not valid', {
        details: issues.map((issue) => ({ ...issue, path: `body.${issue.path}` })),
      });
    }
    const waiting = await findPendingRequest(trx, actor.merchantId);
    if (waiting !== undefined && !isExpired(waiting, now)) throw conflict(refused('bank.request_pending'));
    if (waiting !== undefined) {
      await closePendingRequest(trx, waiting.id, { status: 'EXPIRED' });
    }
    const numbers = numbersOf(body, country);
    const current = await latestConfirmed(trx, actor.merchantId);
    if (current !== undefined && sameAccount(openNumbers(current.id, current.numbers_sealed), numbers)) {
      throw unprocessable(refused('bank.same_account'));
    }

    const id = randomUUID();
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + BANK_CHANGE_REQUEST_HOURS * HOUR_MS);
    await insertBankAccount(trx, {
      id,
      merchant_id: actor.merchantId,
      country,
      holder_name: body.holderName,
      bank_name: body.bankName,
      account_type: body.accountType,
      numbers_sealed: sealNumbers(id, numbers),
      account_last4: lastFour(body.accountNumber),
      status: 'PENDING',
      requested_by_user_id: actor.userId,
      requested_by_email: actor.email,
      requested_at: now.toISOString(),
      link_token_hash: hashToken(token),
      expires_at: expiresAt.toISOString(),
      confirmed_by_email: null,
      confirmed_through: null,
      confirmed_at: null,
      effective_from: null,
      cancelled_at: null,
    });
    const row = await findPendingRequest(trx, actor.merchantId);
    if (row === undefined) throw new Error('The request just written is not found');
    await recordAudit(trx, actor.audit, {
      merchantId: actor.merchantId,
      kind: 'bank_account.change_requested',
      subjectType: 'bank_account',
      subjectId: id,
      before: current === undefined ? null : audited(current),
      after: { ...audited(row), expiresAt: expiresAt.toISOString() },
    });

    const page = `${settings.publicUrl}${PAGES.bankInformation.path}`;
    const values: ChangeValues = {
      merchantName: merchant.name,
      requestedBy: actor.email,
      to: masked(row),
      from: current === undefined ? null : masked(current),
      url: page,
    };
    // The key travels in the fragment, which browsers never send: no server log can hold it.
    const link = `${page}#request=${id}&token=${token}`;
    const related = { type: 'bank_account', id };
    await queueEmail(trx, {
      merchantId: actor.merchantId,
      to: actor.email,
      template: BANK_EMAIL_TEMPLATES.link,
      locale: merchant.language,
      message: changeLinkEmail({ ...values, link, expiresAt }, merchant.language, merchant.brand),
      related,
    });
    for (const to of await activeAdminEmailsOf(trx, actor.merchantId)) {
      await queueEmail(trx, {
        merchantId: actor.merchantId,
        to,
        template: BANK_EMAIL_TEMPLATES.requested,
        locale: merchant.language,
        message: changeRequestedEmail(values, merchant.language, merchant.brand),
        related,
      });
    }
  });
  return bankInformation(db, actor.merchantId, actor.userId, now);
}

/** The merchant's request of this id while it still waits; 409 otherwise, 409 too once expired. */
async function waitingRequest(db: Db, merchantId: string, requestId: string, now: Date) {
  const row = await findPendingRequest(db, merchantId);
  if (row?.id !== requestId) throw conflict(refused('bank.request_not_pending'));
  if (isExpired(row, now)) throw conflict(refused('bank.request_expired'));
  return row;
}

/**
 * Confirms a waiting change: by another user who may change the bank information, or by anyone holding
 * the e-mailed link's key (the requester). Deposits from the cut-off's day on go to the new account;
 * audited, and every active administrator is told by e-mail.
 */
export async function confirmBankChange(
  db: Db,
  actor: BankActor,
  body: ConfirmBankChangeBody,
  settings: BankSettings,
  now = new Date(),
): Promise<BankInformation> {
  await withTransaction(db, async (trx) => {
    const row = await waitingRequest(trx, actor.merchantId, body.requestId, now);
    if (body.token !== undefined && hashToken(body.token) !== row.link_token_hash) {
      throw new AppError(410, 'GONE', refused('bank.link_invalid'));
    }
    if (body.token === undefined && row.requested_by_user_id === actor.userId) {
      throw conflict(refused('bank.confirm_own_request'));
    }
    const merchant = await merchantMailContext(trx, actor.merchantId);
    const effectiveFrom = effectiveFromOf(merchant.timeZone, now);
    const previous = await latestConfirmed(trx, actor.merchantId);
    const through = body.token === undefined ? 'ADMIN' : 'LINK';
    const closed = await closePendingRequest(trx, row.id, {
      status: 'CONFIRMED',
      confirmed_by_email: actor.email,
      confirmed_through: through,
      confirmed_at: now.toISOString(),
      effective_from: effectiveFrom,
    });
    if (!closed) throw conflict(refused('bank.request_not_pending'));
    await recordAudit(trx, actor.audit, {
      merchantId: actor.merchantId,
      kind: 'bank_account.change_confirmed',
      subjectType: 'bank_account',
      subjectId: row.id,
      before: previous === undefined ? null : audited(previous),
      after: { ...audited(row), effectiveFrom, confirmedThrough: through },
    });
    const values = {
      merchantName: merchant.name,
      requestedBy: row.requested_by_email,
      confirmedBy: actor.email,
      to: masked(row),
      from: previous === undefined ? null : masked(previous),
      url: `${settings.publicUrl}${PAGES.bankInformation.path}`,
      effectiveFrom,
    };
    for (const to of await activeAdminEmailsOf(trx, actor.merchantId)) {
      await queueEmail(trx, {
        merchantId: actor.merchantId,
        to,
        template: BANK_EMAIL_TEMPLATES.confirmed,
        locale: merchant.language,
        message: changeConfirmedEmail(values, merchant.language, merchant.brand),
        related: { type: 'bank_account', id: row.id },
      });
    }
  });
  return bankInformation(db, actor.merchantId, actor.userId, now);
}

/** Cancels a waiting change (the requester's second thoughts, or another administrator's); audited. */
export async function cancelBankChange(
  db: Db,
  actor: BankActor,
  requestId: string,
  now = new Date(),
): Promise<BankInformation> {
  await withTransaction(db, async (trx) => {
    const row = await waitingRequest(trx, actor.merchantId, requestId, now);
    if (!(await closePendingRequest(trx, row.id, { status: 'CANCELLED', cancelled_at: now.toISOString() }))) {
      throw conflict(refused('bank.request_not_pending'));
    }
    await recordAudit(trx, actor.audit, {
      merchantId: actor.merchantId,
      kind: 'bank_account.change_cancelled',
      subjectType: 'bank_account',
      subjectId: row.id,
      before: audited(row),
      after: null,
    });
  });
  return bankInformation(db, actor.merchantId, actor.userId, now);
}
