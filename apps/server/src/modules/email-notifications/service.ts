import type { Kysely } from 'kysely';
import type { Brand } from '@portal/contracts/brands';
import { DAY_MS } from '@portal/contracts/constants';
import {
  AUTHORIZATION_EXPIRY_NOTICE_DAYS,
  NOTIFICATION_EVENTS,
  type DeliveryLogQuery,
  type NotificationEvent,
  type NotificationSettings,
  type NotificationSettingsBody,
} from '@portal/contracts/email-notifications';
import type { EmailListResponse } from '@portal/contracts/emails';
import { fieldRefusal } from '@portal/contracts/refusals';
import { PAGES } from '@portal/contracts/routes';
import type { Database } from '../../db/schema.js';
import { withTransaction } from '../../db/transaction.js';
import { merchantToday } from '../../lib/time-zone.js';
import { forbidden, refused, unprocessable } from '../../http/app-error.js';
import { recordAudit, type AuditContext } from '../audit/record-audit.js';
import { merchantEmailPage } from '../mail/outbox-service.js';
import { queueEmail } from '../mail/queue-email.js';
import { merchantMailContext } from '../merchants/service.js';
import {
  addSettlementSubscription,
  removeSettlementSubscription,
  settlementReport,
  settlementSubscriptions,
} from '../settlement/service.js';
import { summaryEmail } from '../settlement/summary-email.js';
import { teamMembers } from '../users/service.js';
import { notify, recipientsOf, type Notice } from './notify.js';
import { listAddresses, listSubscriptions, replaceMatrix } from './repository.js';

type Db = Kysely<Database>;
const SUMMARY = 'DAILY_SETTLEMENT_SUMMARY';
type StoredEvent = Exclude<NotificationEvent, typeof SUMMARY>;

/** The portal's brand and what the caller may do beyond the page's edit scope. */
export interface NotificationAccess {
  readonly brand: Brand;
  /** Who receives the settlement summary is user management (`w:merchant.users`), as on its report. */
  readonly canManageSummary: boolean;
}

/** The settlement summary is offered where its report is. */
function summaryOffered(brand: Brand): boolean {
  const page: { readonly hiddenForBrands?: readonly Brand[] } = PAGES.settlementReport;
  return !(page.hiddenForBrands ?? []).includes(brand);
}

async function dailySummarySubscriptions(db: Db, merchantId: string, brand: Brand) {
  if (!summaryOffered(brand)) return [];
  return (await settlementSubscriptions(db, merchantId)).filter((row) => row.frequency === 'DAILY');
}

/**
 * The matrix: the team, the added addresses, and every cell that is on. A daily summary recipient added
 * on the settlement report who is neither on the team nor added here is shown as an added address, so
 * that the row tells the whole truth (saving the page keeps it as one).
 */
export async function notificationSettings(
  db: Db,
  merchantId: string,
  access: NotificationAccess,
): Promise<NotificationSettings> {
  const [team, addresses, stored, daily] = await Promise.all([
    teamMembers(db, merchantId),
    listAddresses(db, merchantId),
    listSubscriptions(db, merchantId),
    dailySummarySubscriptions(db, merchantId, access.brand),
  ]);
  const teamEmails = new Set(team.map((member) => member.email));
  const dailyEmails = daily.map((row) => row.email.toLowerCase());
  const strays = dailyEmails.filter((email) => !teamEmails.has(email) && !addresses.includes(email));
  return {
    teamMembers: team,
    extraAddresses: [...new Set([...addresses, ...strays])].sort(),
    subscriptions: [
      ...stored,
      ...[...new Set(dailyEmails)].map((email) => ({ event: SUMMARY, email }) as const),
    ],
    events: NOTIFICATION_EVENTS.filter((event) => event !== SUMMARY || summaryOffered(access.brand)),
    settlementSummaryEditable: access.canManageSummary,
  };
}

/** The matrix as the audit log shows it: the added addresses and each event's recipients. */
function audited(settings: NotificationSettings): Record<string, string> {
  const shown: Record<string, string> = { extraAddresses: settings.extraAddresses.join(', ') };
  for (const event of NOTIFICATION_EVENTS) {
    shown[event] = settings.subscriptions
      .filter((subscription) => subscription.event === event)
      .map((subscription) => subscription.email)
      .sort()
      .join(', ');
  }
  return shown;
}

function changedOnly(before: Record<string, string>, after: Record<string, string>) {
  const keys = Object.keys(after).filter((key) => before[key] !== after[key]);
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key]])),
    after: Object.fromEntries(keys.map((key) => [key, after[key]])),
  };
}

/** Refuses an added address that is a team member, or a cell of someone who is neither. */
function checkMatrix(body: NotificationSettingsBody, teamEmails: ReadonlySet<string>, brand: Brand): void {
  body.extraAddresses.forEach((email, index) => {
    if (teamEmails.has(email)) {
      throw unprocessable(refused('notifications.address_is_team_member', { email }), [
        fieldRefusal(`body.extraAddresses.${String(index)}`, 'notifications.address_is_team_member', {
          email,
        }),
      ]);
    }
  });
  const recipients = new Set([...teamEmails, ...body.extraAddresses]);
  body.subscriptions.forEach(({ event, email }, index) => {
    if (event === SUMMARY && !summaryOffered(brand)) {
      throw unprocessable(refused('notifications.event_not_offered'));
    }
    if (!recipients.has(email)) {
      throw unprocessable(refused('notifications.unknown_recipient', { email }), [
        fieldRefusal(`body.subscriptions.${String(index)}.email`, 'notifications.unknown_recipient', {
          email,
        }),
      ]);
    }
  });
}

/**
 * Saves the matrix in one transaction with its audit entry: the added addresses and cells in this
 * module's tables, the daily settlement summary row as the settlement module's DAILY subscriptions (in
 * the merchant's language), so that there is one list of its recipients.
 */
export async function saveNotificationSettings(
  db: Db,
  audit: AuditContext,
  merchantId: string,
  body: NotificationSettingsBody,
  access: NotificationAccess,
  now = new Date(),
): Promise<NotificationSettings> {
  return withTransaction(db, async (trx) => {
    const before = await notificationSettings(trx, merchantId, access);
    checkMatrix(body, new Set(before.teamMembers.map((member) => member.email)), access.brand);
    const addresses = [...new Set(body.extraAddresses)];
    const cells = [
      ...new Map(body.subscriptions.map((cell) => [`${cell.event} ${cell.email}`, cell])).values(),
    ];
    const stored = cells.filter(
      (cell): cell is { event: StoredEvent; email: string } => cell.event !== SUMMARY,
    );
    const wantedDaily = new Set(cells.filter((cell) => cell.event === SUMMARY).map((cell) => cell.email));

    const daily = await dailySummarySubscriptions(trx, merchantId, access.brand);
    const toRemove = daily.filter((row) => !wantedDaily.has(row.email.toLowerCase()));
    const toAdd = [...wantedDaily].filter((email) => !daily.some((row) => row.email.toLowerCase() === email));
    if ((toRemove.length > 0 || toAdd.length > 0) && !access.canManageSummary) {
      throw forbidden(refused('notifications.settlement_summary_admin_only'));
    }

    await replaceMatrix(trx, merchantId, { addresses, subscriptions: stored }, now.toISOString());
    for (const row of toRemove) await removeSettlementSubscription(trx, merchantId, row.id);
    if (toAdd.length > 0) {
      const { language } = await merchantMailContext(trx, merchantId);
      for (const email of toAdd) {
        await addSettlementSubscription(
          trx,
          merchantId,
          { email, frequency: 'DAILY', locale: language },
          now,
        );
      }
    }
    const after = await notificationSettings(trx, merchantId, access);
    await recordAudit(trx, audit, {
      merchantId,
      kind: 'notifications.updated',
      subjectType: 'email_notifications',
      subjectId: null,
      ...changedOnly(audited(before), audited(after)),
    });
    return after;
  });
}

/** A notice with sample values, for a test of its event's e-mail. */
function sampleNotice(event: StoredEvent, currency: 'USD' | 'CAD', today: string): Notice {
  const reference = 'TEST-0001';
  const amount = { currency, value: 12_345 };
  const id = `test-${event.toLowerCase()}`;
  switch (event) {
    case 'NEW_TRANSACTION':
      return { event, transactionId: id, orderReference: reference, amount, customerName: 'Alex Martin' };
    case 'AUTHORIZATION_EXPIRING': {
      const expiresOn = new Date(Date.parse(`${today}T00:00:00Z`) + AUTHORIZATION_EXPIRY_NOTICE_DAYS * DAY_MS)
        .toISOString()
        .slice(0, 10);
      return { event, transactionId: id, orderReference: reference, open: amount, expiresOn };
    }
    case 'CART_COMPLETED':
      return { event, cartId: id, orderReference: reference, amount, customerName: 'Alex Martin' };
    case 'CART_EXPIRED':
      return { event, cartId: id, orderReference: reference, amount, by: 'TIME' };
    case 'REFUND_PROCESSED':
      return { event, transactionId: id, orderReference: reference, amount };
    case 'USER_INVITED':
      return { event, userId: id, name: 'Alex Martin', email: 'alex.martin@example.com', invitedBy: null };
  }
}

const TEST_MARK = { en: '[Test] ', 'fr-CA': '[Essai] ' } as const;

/**
 * Sends a sample of the event's e-mail, marked as a test, to the event's recipients through the outbox;
 * the settlement summary's sample is yesterday's real summary. 422 when no one receives it.
 */
export async function sendNotificationTest(
  db: Db,
  merchantId: string,
  event: NotificationEvent,
  settings: { readonly brand: Brand; readonly publicUrl: string },
  now = new Date(),
): Promise<number> {
  if (event === SUMMARY && !summaryOffered(settings.brand)) {
    throw unprocessable(refused('notifications.event_not_offered'));
  }
  const merchant = await merchantMailContext(db, merchantId);
  const today = merchantToday(merchant.timeZone, now);
  return withTransaction(db, async (trx) => {
    if (event !== SUMMARY) {
      if ((await recipientsOf(trx, merchantId, event)).length === 0) {
        throw unprocessable(refused('notifications.no_recipients'));
      }
      return notify(trx, merchantId, [sampleNotice(event, merchant.currency, today)], { test: true });
    }
    const daily = await dailySummarySubscriptions(trx, merchantId, settings.brand);
    if (daily.length === 0) throw unprocessable(refused('notifications.no_recipients'));
    const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
    const range = { from: yesterday, to: yesterday };
    const report = await settlementReport(trx, merchantId, range, now);
    const url = `${settings.publicUrl}${PAGES.settlementReport.path}?from=${yesterday}&to=${yesterday}`;
    const message = summaryEmail({ frequency: 'DAILY', report, url }, merchant.language, merchant.brand);
    const marked = { ...message, subject: `${TEST_MARK[merchant.language]}${message.subject}` };
    for (const row of daily) {
      await queueEmail(trx, {
        merchantId,
        to: row.email,
        template: 'settlement-summary',
        locale: merchant.language,
        message: marked,
        related: { type: 'notification_test', id: event },
      });
    }
    return daily.length;
  });
}

/**
 * The delivery log: the merchant's e-mails to its recipients (team, added addresses, settlement
 * summary recipients), or to one of them; never another merchant's, nor its shoppers'.
 */
export async function deliveryLog(
  db: Db,
  merchantId: string,
  query: DeliveryLogQuery,
): Promise<EmailListResponse['data']> {
  const [team, addresses, summaries] = await Promise.all([
    teamMembers(db, merchantId),
    listAddresses(db, merchantId),
    settlementSubscriptions(db, merchantId),
  ]);
  const recipients = new Set([
    ...team.map((member) => member.email),
    ...addresses,
    ...summaries.map((row) => row.email.toLowerCase()),
  ]);
  const wanted = query.to === undefined ? [...recipients] : recipients.has(query.to) ? [query.to] : [];
  return merchantEmailPage(db, merchantId, wanted, { limit: query.limit, offset: query.offset });
}
