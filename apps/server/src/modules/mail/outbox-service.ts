import type { Kysely } from 'kysely';
import type {
  EmailDetail,
  EmailListQuery,
  EmailListResponse,
  EmailSummary,
  EmailWithheldReason,
} from '@portal/contracts/emails';
import { answerDate, answerDateOrNull } from '../../http/answer-dates.js';
import type { Database } from '../../db/schema.js';
import { notFound, refused } from '../../http/app-error.js';
import { merchantContext } from '../merchants/service.js';
import { findEmail, listEmails, listMerchantEmails, type EmailSummaryRow } from './repository.js';

/** The time zone of each merchant of these messages, read once per merchant. */
async function merchantTimeZones(
  db: Kysely<Database>,
  rows: readonly EmailSummaryRow[],
): Promise<ReadonlyMap<string, string>> {
  const merchantIds = [
    ...new Set(rows.flatMap((row) => (row.merchant_id === null ? [] : [row.merchant_id]))),
  ];
  const contexts = await Promise.all(merchantIds.map((merchantId) => merchantContext(db, merchantId)));
  return new Map(contexts.map((context) => [context.merchantId, context.timeZone]));
}

function summaryOf(row: EmailSummaryRow, timeZones: ReadonlyMap<string, string>): EmailSummary {
  return {
    id: row.id,
    merchantId: row.merchant_id,
    to: row.to_address,
    subject: row.subject,
    template: row.template,
    locale: row.locale,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: answerDate(row.next_attempt_at),
    lastError: row.last_error,
    sentAt: answerDateOrNull(row.sent_at),
    createdAt: answerDate(row.created_at),
    related:
      row.related_type === null || row.related_id === null
        ? null
        : { type: row.related_type, id: row.related_id },
    timeZone: row.merchant_id === null ? null : (timeZones.get(row.merchant_id) ?? null),
  };
}

export async function emailPage(
  db: Kysely<Database>,
  query: EmailListQuery,
): Promise<EmailListResponse['data']> {
  const { rows, total } = await listEmails(db, query);
  const timeZones = await merchantTimeZones(db, rows);
  return {
    items: rows.map((row) => summaryOf(row, timeZones)),
    pagination: { offset: query.offset, limit: query.limit, total },
  };
}

/**
 * Templates whose link opens no account: a cart link lets a shopper pay, it signs no one in, so provider
 * staff may read it (docs/decisions/0007). Every other template, and any added later, is treated as
 * carrying an account link until it is listed here.
 */
const NO_ACCOUNT_LINK_TEMPLATES: ReadonlySet<string> = new Set(['cart-link']);

interface OutboxReading {
  /** An SMTP server delivers the mail: every message is its recipient's alone. */
  readonly delivered: boolean;
  /** The explicit demo mode (DEMO_DATA, refused in production): the outbox stands in for a mailbox. */
  readonly demo: boolean;
}

/** Why provider staff may not read this message's content; null when they may. */
function withheldReason(template: string, reading: OutboxReading): EmailWithheldReason | null {
  if (reading.delivered) return 'delivered';
  if (!reading.demo && !NO_ACCOUNT_LINK_TEMPLATES.has(template)) return 'account-link';
  return null;
}

export async function emailDetail(
  db: Kysely<Database>,
  id: string,
  reading: OutboxReading,
): Promise<EmailDetail> {
  const row = await findEmail(db, id);
  if (row === undefined) throw notFound(refused('email.not_found'));
  const withheld = withheldReason(row.template, reading);
  const summary = summaryOf(row, await merchantTimeZones(db, [row]));
  return withheld === null
    ? { ...summary, html: row.html, text: row.text, withheld }
    : { ...summary, html: null, text: null, withheld };
}

/**
 * A merchant's own messages to some of its addresses (its notification recipients), newest first: the
 * merchant's delivery log, which never shows another merchant's mail nor its shoppers'.
 */
export async function merchantEmailPage(
  db: Kysely<Database>,
  merchantId: string,
  addresses: readonly string[],
  page: { limit: number; offset: number },
): Promise<EmailListResponse['data']> {
  const { rows, total } = await listMerchantEmails(db, merchantId, addresses, page);
  const timeZones = await merchantTimeZones(db, rows);
  return {
    items: rows.map((row) => summaryOf(row, timeZones)),
    pagination: { offset: page.offset, limit: page.limit, total },
  };
}
