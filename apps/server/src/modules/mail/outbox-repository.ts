import { sql, type Kysely, type Selectable, type SelectQueryBuilder } from 'kysely';
import type { EmailListQuery } from '@portal/contracts/emails';
import type { Database, OutboundEmailsTable } from '../../db/schema.js';

type Db = Kysely<Database>;

/** A LIKE pattern that matches `text` anywhere, its own `%`, `_` and `\` taken literally. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replaceAll(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

function filtered<O>(
  query: SelectQueryBuilder<Database, 'outbound_emails', O>,
  filter: Omit<EmailListQuery, 'limit' | 'offset'>,
): SelectQueryBuilder<Database, 'outbound_emails', O> {
  let narrowed = query;
  if (filter.to !== undefined) {
    narrowed = narrowed.where(sql<boolean>`lower(to_address) like ${containsPattern(filter.to)} escape '\\'`);
  }
  if (filter.template !== undefined) narrowed = narrowed.where('template', '=', filter.template);
  if (filter.status !== undefined) narrowed = narrowed.where('status', '=', filter.status);
  return narrowed;
}

const SUMMARY_COLUMNS = [
  'id',
  'merchant_id',
  'to_address',
  'subject',
  'template',
  'locale',
  'status',
  'attempts',
  'next_attempt_at',
  'last_error',
  'sent_at',
  'created_at',
  'related_type',
  'related_id',
] as const;

export type EmailSummaryRow = Pick<Selectable<OutboundEmailsTable>, (typeof SUMMARY_COLUMNS)[number]>;

/** A page of the outbox, newest first (the created_at index), with the count of all that match. */
export async function listEmails(
  db: Db,
  query: EmailListQuery,
): Promise<{ rows: EmailSummaryRow[]; total: number }> {
  const rows = await filtered(db.selectFrom('outbound_emails').select(SUMMARY_COLUMNS), query)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(query.limit)
    .offset(query.offset)
    .execute();
  const { total } = await filtered(
    db.selectFrom('outbound_emails').select((eb) => eb.fn.countAll<number>().as('total')),
    query,
  ).executeTakeFirstOrThrow();
  return { rows, total };
}

export async function findEmail(
  db: Db,
  id: string,
): Promise<(EmailSummaryRow & { html: string; text: string }) | undefined> {
  return db
    .selectFrom('outbound_emails')
    .select([...SUMMARY_COLUMNS, 'html', 'text'])
    .where('id', '=', id)
    .executeTakeFirst();
}
