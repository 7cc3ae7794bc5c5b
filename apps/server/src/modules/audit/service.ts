import type { Kysely } from 'kysely';
import type { AuditEntry, AuditFacets, AuditListQuery, AuditPage } from '@portal/contracts/audit';
import { answerDate } from '../../http/answer-dates.js';
import type { Database } from '../../db/schema.js';
import { merchantContext } from '../merchants/service.js';
import { nextDay, zonedDayStart } from '../../lib/time-zone.js';
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

export function auditEntryOf(row: AuditEntryRow): AuditEntry {
  return {
    id: row.id,
    merchantId: row.merchant_id,
    actor: { type: row.actor_type, userId: row.actor_user_id, email: row.actor_email, role: row.actor_role },
    kind: row.kind,
    subjectType: row.subject_type,
    subjectId: row.subject_id,
    before: fieldsOf(row.before),
    after: fieldsOf(row.after),
    requestId: row.request_id,
    createdAt: answerDate(row.created_at),
  };
}

/** The request's filters for one merchant, its days read in the merchant's time zone. */
export function auditFilterOf(
  merchantId: string,
  timeZone: string,
  query: Pick<AuditListQuery, 'actorUserId' | 'kind' | 'from' | 'to'>,
): AuditFilter {
  const instant = (day: string) => new Date(zonedDayStart(day, timeZone)).toISOString();
  return {
    merchantId,
    actorUserId: query.actorUserId,
    kind: query.kind,
    createdFrom: query.from === undefined ? undefined : instant(query.from),
    createdBefore: query.to === undefined ? undefined : instant(nextDay(query.to)),
  };
}

export async function auditPage(
  db: Db,
  merchantId: string,
  query: AuditListQuery,
): Promise<AuditPage['data']> {
  const { timeZone } = await merchantContext(db, merchantId);
  const filter = auditFilterOf(merchantId, timeZone, query);
  const rows = await listAuditEntries(db, filter, query);
  const total = await countAuditEntries(db, filter);
  return {
    items: rows.map(auditEntryOf),
    pagination: { offset: query.offset, limit: query.limit, total },
    timeZone,
  };
}

export async function auditFacets(db: Db, merchantId: string): Promise<AuditFacets> {
  return { actors: await auditActors(db, merchantId), kinds: await auditKinds(db, merchantId) };
}
