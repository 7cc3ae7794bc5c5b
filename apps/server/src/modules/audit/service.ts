import type { Kysely } from 'kysely';
import type { AuditEntry, AuditFacets, AuditListQuery, AuditPage } from '@portal/contracts/audit';
import { answerDate } from '../../http/answer-dates.js';
import type { Database } from '../../db/schema.js';
import { cartNamesOf } from '../carts/service.js';
import { merchantContext } from '../merchants/service.js';
import { userNamesOf } from '../users/accounts.js';
import { nextDay, zonedDayStart } from '../../lib/time-zone.js';
import type { AuditReader } from './audit-reader.js';
import {
  auditActors,
  auditKinds,
  countAuditEntries,
  listAuditEntries,
  type AuditEntryRow,
  type AuditFilter,
} from './repository.js';

type Db = Kysely<Database>;

function fieldsOf(json: string | null): Record<string, unknown> | null {
  if (json === null) return null;
  const value: unknown = JSON.parse(json);
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : { value };
}

/** The names an entry's ids stand for: users (actors and subjects) and carts. */
interface AuditNames {
  readonly users: ReadonlyMap<string, string>;
  readonly carts: ReadonlyMap<string, string>;
}

/**
 * The names of the users and carts these entries name by id, read once for the page. They are read
 * now rather than copied into the entry, so that a renamed user or cart reads as it is called today; a
 * removed user keeps its row (disabled), so its name stays.
 */
async function auditNamesOf(db: Db, merchantId: string, rows: readonly AuditEntryRow[]): Promise<AuditNames> {
  const userIds = new Set<string>();
  const cartIds = new Set<string>();
  for (const row of rows) {
    if (row.actor_user_id !== null) userIds.add(row.actor_user_id);
    if (row.subject_id === null) continue;
    if (row.subject_type === 'user') userIds.add(row.subject_id);
    if (row.subject_type === 'cart') cartIds.add(row.subject_id);
  }
  const [users, carts] = await Promise.all([
    userNamesOf(db, [...userIds]),
    cartNamesOf(db, merchantId, [...cartIds]),
  ]);
  return { users, carts };
}

function subjectNameOf(row: AuditEntryRow, names: AuditNames): string | null {
  if (row.subject_id === null) return null;
  if (row.subject_type === 'user') return names.users.get(row.subject_id) ?? null;
  if (row.subject_type === 'cart') return names.carts.get(row.subject_id) ?? null;
  return null;
}

export function auditEntryOf(row: AuditEntryRow, names: AuditNames): AuditEntry {
  return {
    id: row.id,
    merchantId: row.merchant_id,
    actor: {
      type: row.actor_type,
      userId: row.actor_user_id,
      email: row.actor_email,
      name: row.actor_user_id === null ? null : (names.users.get(row.actor_user_id) ?? null),
      role: row.actor_role,
    },
    kind: row.kind,
    subjectType: row.subject_type,
    subjectId: row.subject_id,
    subjectName: subjectNameOf(row, names),
    before: fieldsOf(row.before),
    after: fieldsOf(row.after),
    requestId: row.request_id,
    createdAt: answerDate(row.created_at),
  };
}

/** The request's filters for one merchant, its days read in the merchant's time zone. */
export function auditFilterOf(
  { merchantId, hiddenKinds }: AuditReader,
  timeZone: string,
  query: Pick<AuditListQuery, 'actorUserId' | 'kind' | 'from' | 'to'>,
): AuditFilter {
  const instant = (day: string) => new Date(zonedDayStart(day, timeZone)).toISOString();
  return {
    merchantId,
    hiddenKinds,
    actorUserId: query.actorUserId,
    kind: query.kind,
    createdFrom: query.from === undefined ? undefined : instant(query.from),
    createdBefore: query.to === undefined ? undefined : instant(nextDay(query.to)),
  };
}

export async function auditPage(
  db: Db,
  reader: AuditReader,
  query: AuditListQuery,
): Promise<AuditPage['data']> {
  const { merchantId } = reader;
  const { timeZone } = await merchantContext(db, merchantId);
  const filter = auditFilterOf(reader, timeZone, query);
  const rows = await listAuditEntries(db, filter, query);
  const total = await countAuditEntries(db, filter);
  const names = await auditNamesOf(db, merchantId, rows);
  return {
    items: rows.map((row) => auditEntryOf(row, names)),
    pagination: { offset: query.offset, limit: query.limit, total },
    timeZone,
  };
}

export async function auditFacets(db: Db, reader: AuditReader): Promise<AuditFacets> {
  return { actors: await auditActors(db, reader), kinds: await auditKinds(db, reader) };
}
