import {
  sql,
  type Insertable,
  type Kysely,
  type Selectable,
  type SelectQueryBuilder,
  type Transaction,
  type Updateable,
} from 'kysely';
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

export async function insertEmail(
  db: Kysely<Database> | Transaction<Database>,
  row: Insertable<OutboundEmailsTable>,
): Promise<void> {
  await db.insertInto('outbound_emails').values(row).execute();
}

/** PENDING messages due at `now` that no sender holds, oldest first. */
export async function dueEmailIds(db: Db, now: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('outbound_emails')
    .select('id')
    .where('status', '=', 'PENDING')
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** Holds a PENDING message until `until`, unless another sender holds it: true when this one won it. */
export async function claimEmail(db: Db, id: string, now: string, until: string): Promise<boolean> {
  const result = await db
    .updateTable('outbound_emails')
    .set({ claimed_until: until })
    .where('id', '=', id)
    .where('status', '=', 'PENDING')
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function findEmailToSend(db: Db, id: string) {
  return db
    .selectFrom('outbound_emails')
    .select(['to_address', 'subject', 'html', 'text', 'attempts'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/** What an attempt changes on the message. */
export type EmailOutcome = Pick<
  Updateable<OutboundEmailsTable>,
  'status' | 'attempts' | 'last_error' | 'next_attempt_at' | 'sent_at'
>;

/** Records an attempt and lets the claim go; only the holder of the claim `claim` may. */
export async function finishEmail(db: Db, id: string, claim: string, outcome: EmailOutcome): Promise<void> {
  await db
    .updateTable('outbound_emails')
    .set({ ...outcome, claimed_until: null })
    .where('id', '=', id)
    .where('claimed_until', '=', claim)
    .execute();
}

/** The merchant's own messages to these addresses (lower-cased), newest first, with their count. */
export async function listMerchantEmails(
  db: Db,
  merchantId: string,
  addresses: readonly string[],
  page: { limit: number; offset: number },
): Promise<{ rows: EmailSummaryRow[]; total: number }> {
  if (addresses.length === 0) return { rows: [], total: 0 };
  const scoped = <O>(query: SelectQueryBuilder<Database, 'outbound_emails', O>) =>
    query
      .where('merchant_id', '=', merchantId)
      .where(sql<boolean>`lower(to_address) in (${sql.join(addresses)})`);
  const rows = await scoped(db.selectFrom('outbound_emails').select(SUMMARY_COLUMNS))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const { total } = await scoped(
    db.selectFrom('outbound_emails').select((eb) => eb.fn.countAll<number>().as('total')),
  ).executeTakeFirstOrThrow();
  return { rows, total };
}
