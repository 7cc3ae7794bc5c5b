import { randomUUID } from 'node:crypto';
import type { AuditActorType } from '@portal/contracts/audit';
import type { Role } from '@portal/contracts/roles';
import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { insertAuditEntry } from './repository.js';

type Db = Kysely<Database> | Transaction<Database>;

/** Who made a change, copied into the entry so that it outlives a removed user. */
export interface AuditActor {
  readonly type: AuditActorType;
  readonly userId: string | null;
  readonly email: string | null;
  readonly role: Role | null;
}

/** The actor and request of an audited change. */
export interface AuditContext {
  readonly actor: AuditActor;
  readonly requestId: string | null;
}

export interface AuditChange {
  readonly merchantId: string | null;
  /** `<subject>.<verb>` in the past tense: `transaction.settled`, `cart.created`, `user.role_updated`. */
  readonly kind: string;
  readonly subjectType: string;
  readonly subjectId: string | null;
  /** The changed fields before and after, as plain JSON values; secrets are masked before writing. */
  readonly before?: Readonly<Record<string, unknown>> | null;
  readonly after?: Readonly<Record<string, unknown>> | null;
}

/** The signed-in user of a request (every route that is not public has one). */
export function auditContextOf(request: FastifyRequest): AuditContext {
  const { principal } = request;
  return {
    actor: { type: 'USER', userId: principal.userId, email: principal.email, role: principal.role },
    requestId: request.id,
  };
}

/** A shopper acting through a checkout link: no account, so no user id. */
export function customerAuditContext(requestId: string | null, email: string | null): AuditContext {
  return { actor: { type: 'CUSTOMER', userId: null, email, role: null }, requestId };
}

export const SYSTEM_AUDIT_CONTEXT: AuditContext = {
  actor: { type: 'SYSTEM', userId: null, email: null, role: null },
  requestId: null,
};

// A field whose name says it holds a secret is never written, whichever module forgets to drop it.
const SECRET_FIELD = /password|secret|token|apikey|api_key|accountnumber|account_number|routing/i;
const MASK = '••••';

function masked(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(masked);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => [key, SECRET_FIELD.test(key) ? MASK : masked(field)]),
  );
}

function json(fields: Readonly<Record<string, unknown>> | null | undefined): string | null {
  return fields ? JSON.stringify(masked(fields)) : null;
}

/**
 * Writes one audit entry. Call it with the transaction that makes the change, so that the change and
 * its entry are written together or not at all.
 */
export async function recordAudit(db: Db, context: AuditContext, change: AuditChange): Promise<void> {
  await insertAuditEntry(db, {
    id: randomUUID(),
    merchant_id: change.merchantId,
    actor_type: context.actor.type,
    actor_user_id: context.actor.userId,
    actor_email: context.actor.email,
    actor_role: context.actor.role,
    kind: change.kind,
    subject_type: change.subjectType,
    subject_id: change.subjectId,
    before: json(change.before),
    after: json(change.after),
    request_id: context.requestId,
    created_at: new Date().toISOString(),
  });
}
