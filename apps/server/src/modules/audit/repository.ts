import type { Insertable, Kysely, Selectable, SelectQueryBuilder, Transaction } from 'kysely';
import type { SortOrder } from '@portal/contracts/transactions';
import type { AuditEntriesTable, Database } from '../../db/schema.js';

type Db = Kysely<Database>;
export type AuditEntryRow = Selectable<AuditEntriesTable>;

/** The filters in database terms: one merchant, and days of its time zone as UTC instants. */
export interface AuditFilter {
  merchantId: string;
  actorUserId?: string | undefined;
  kind?: string | undefined;
  createdFrom?: string | undefined;
  createdBefore?: string | undefined;
  /** Kinds this reader may not see (the provider's own settings of the merchant, for merchant staff). */
  hiddenKinds?: readonly string[] | undefined;
}

function filtered<O>(
  query: SelectQueryBuilder<Database, 'audit_entries', O>,
  filter: AuditFilter,
): SelectQueryBuilder<Database, 'audit_entries', O> {
  let narrowed = query.where('merchant_id', '=', filter.merchantId);
  if (filter.actorUserId !== undefined) narrowed = narrowed.where('actor_user_id', '=', filter.actorUserId);
  if (filter.kind !== undefined) narrowed = narrowed.where('kind', '=', filter.kind);
  if (filter.createdFrom !== undefined) narrowed = narrowed.where('created_at', '>=', filter.createdFrom);
  if (filter.createdBefore !== undefined) narrowed = narrowed.where('created_at', '<', filter.createdBefore);
  if (filter.hiddenKinds !== undefined && filter.hiddenKinds.length > 0) {
    narrowed = narrowed.where('kind', 'not in', filter.hiddenKinds);
  }
  return narrowed;
}

export interface AuditPosition {
  createdAt: string;
  id: string;
}

/** Entries in date order (id breaks ties), from an offset or after a position (the export's keyset). */
export async function listAuditEntries(
  db: Db,
  filter: AuditFilter,
  page: { order: SortOrder; limit: number; offset?: number; after?: AuditPosition },
): Promise<AuditEntryRow[]> {
  let query = filtered(db.selectFrom('audit_entries').selectAll(), filter);
  const { after } = page;
  if (after !== undefined) {
    const beyond = page.order === 'desc' ? '<' : '>';
    query = query.where((eb) =>
      eb.or([
        eb('created_at', beyond, after.createdAt),
        eb.and([eb('created_at', '=', after.createdAt), eb('id', beyond, after.id)]),
      ]),
    );
  }
  return query
    .orderBy('created_at', page.order)
    .orderBy('id', page.order)
    .limit(page.limit)
    .offset(page.offset ?? 0)
    .execute();
}

export async function countAuditEntries(db: Db, filter: AuditFilter): Promise<number> {
  const { count } = await filtered(
    db.selectFrom('audit_entries').select((eb) => eb.fn.countAll<number>().as('count')),
    filter,
  ).executeTakeFirstOrThrow();
  return count;
}

/** The users who appear in a merchant's log (by their latest e-mail), for the user filter. */
export async function auditActors(
  db: Db,
  filter: Pick<AuditFilter, 'merchantId' | 'hiddenKinds'>,
): Promise<{ userId: string; email: string | null }[]> {
  const rows = await filtered(
    db.selectFrom('audit_entries').select((eb) => ['actor_user_id', eb.fn.max('actor_email').as('email')]),
    filter,
  )
    .where('actor_user_id', 'is not', null)
    .groupBy('actor_user_id')
    .orderBy('email')
    .execute();
  return rows.flatMap((row) =>
    row.actor_user_id === null ? [] : [{ userId: row.actor_user_id, email: row.email }],
  );
}

/** The kinds of change that appear in a merchant's log, for the kind filter. */
export async function auditKinds(
  db: Db,
  filter: Pick<AuditFilter, 'merchantId' | 'hiddenKinds'>,
): Promise<string[]> {
  const rows = await filtered(db.selectFrom('audit_entries').select('kind').distinct(), filter)
    .orderBy('kind')
    .execute();
  return rows.map((row) => row.kind);
}

/** Written in the transaction of the change it records. */
export async function insertAuditEntry(
  db: Kysely<Database> | Transaction<Database>,
  entry: Insertable<AuditEntriesTable>,
): Promise<void> {
  await db.insertInto('audit_entries').values(entry).execute();
}
