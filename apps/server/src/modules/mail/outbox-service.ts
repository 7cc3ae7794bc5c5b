import type { Kysely } from 'kysely';
import type { EmailDetail, EmailListQuery, EmailListResponse, EmailSummary } from '@portal/contracts/emails';
import type { Database } from '../../db/schema.js';
import { notFound } from '../../http/app-error.js';
import { findEmail, listEmails, type EmailSummaryRow } from './outbox-repository.js';

function summaryOf(row: EmailSummaryRow): EmailSummary {
  return {
    id: row.id,
    merchantId: row.merchant_id,
    to: row.to_address,
    subject: row.subject,
    template: row.template,
    locale: row.locale,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    lastError: row.last_error,
    sentAt: row.sent_at,
    createdAt: row.created_at,
    related:
      row.related_type === null || row.related_id === null
        ? null
        : { type: row.related_type, id: row.related_id },
  };
}

export async function emailPage(
  db: Kysely<Database>,
  query: EmailListQuery,
): Promise<EmailListResponse['data']> {
  const { rows, total } = await listEmails(db, query);
  return { items: rows.map(summaryOf), pagination: { offset: query.offset, limit: query.limit, total } };
}

export async function emailDetail(
  db: Kysely<Database>,
  id: string,
  { showContent }: { showContent: boolean },
): Promise<EmailDetail> {
  const row = await findEmail(db, id);
  if (row === undefined) throw notFound('No e-mail with this id');
  return showContent
    ? { ...summaryOf(row), html: row.html, text: row.text }
    : { ...summaryOf(row), html: null, text: null };
}
