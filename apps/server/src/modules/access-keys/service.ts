import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  keyAllows,
  ROTATION_OVERLAP_MS,
  type AccessKey,
  type AccessKeyGrant,
  type AccessKeyScopes,
  type AccessKeyWithSecret,
  type CreateAccessKeyBody,
  type RotationOverlap,
} from '@portal/contracts/access-keys';
import type { Role } from '@portal/contracts/roles';
import type { Database } from '../../db/schema.js';
import { withTransaction } from '../../db/transaction.js';
import { answerDate, answerDateOrNull } from '../../http/answer-dates.js';
import { conflict, forbidden, notFound, refused, unauthorized, unprocessable } from '../../http/app-error.js';
import { recordAudit, type AuditContext } from '../audit/record-audit.js';
import {
  findKey,
  findMerchantKey,
  insertAccessKey,
  listMerchantKeys,
  markRevoked,
  recordUse,
  replaceSecret,
  type AccessKeyRow,
} from './repository.js';
import { newSecret, parsePresented, presentedSecret, sameHash, secretHash } from './secrets.js';

type Db = Kysely<Database>;

/** The last use is written at most this often per key: a busy integration costs no write per call. */
export const LAST_USE_INTERVAL_MS = 60_000;

const KEY_NOT_FOUND = refused('access_key.not_found');

function scopesOf(row: AccessKeyRow): AccessKeyScopes {
  return { carts: row.carts_level, transactions: row.transactions_level };
}

function isPast(at: string | null, now: Date): boolean {
  return at !== null && Date.parse(at) <= now.getTime();
}

function toAccessKey(row: AccessKeyRow, now: Date): AccessKey {
  const status = row.revoked_at !== null ? 'REVOKED' : isPast(row.expires_at, now) ? 'EXPIRED' : 'ACTIVE';
  const overlapEnds = row.previous_secret_valid_until;
  return {
    id: row.id,
    name: row.name,
    scopes: scopesOf(row),
    status,
    expiresAt: answerDateOrNull(row.expires_at),
    createdAt: answerDate(row.created_at),
    createdByEmail: row.created_by_email,
    rotatedAt: answerDateOrNull(row.rotated_at),
    previousSecretValidUntil:
      overlapEnds !== null && !isPast(overlapEnds, now) && status === 'ACTIVE'
        ? answerDate(overlapEnds)
        : null,
    revokedAt: answerDateOrNull(row.revoked_at),
    lastUsedAt: answerDateOrNull(row.last_used_at),
    lastUsedAddress: row.last_used_address,
  };
}

export async function listAccessKeys(db: Db, merchantId: string, now = new Date()): Promise<AccessKey[]> {
  return (await listMerchantKeys(db, merchantId)).map((row) => toAccessKey(row, now));
}

/** Who creates a key: the signed-in user, on the token's merchant. */
export interface KeyCreator {
  readonly merchantId: string;
  readonly userId: string;
  readonly email: string;
  readonly role: Role;
  readonly audit: AuditContext;
}

export async function createAccessKey(
  db: Db,
  creator: KeyCreator,
  body: CreateAccessKeyBody,
  now = new Date(),
): Promise<AccessKeyWithSecret> {
  if (body.expiresAt !== null && isPast(body.expiresAt, now)) {
    throw unprocessable(refused('access_key.expiry_in_past'), [
      { path: 'body.expiresAt', message: 'access_key.expiry_in_past' },
    ]);
  }
  const id = randomUUID();
  const secret = newSecret();
  const at = now.toISOString();
  const expiresAt = body.expiresAt === null ? null : new Date(body.expiresAt).toISOString();
  await withTransaction(db, async (trx) => {
    await insertAccessKey(trx, {
      id,
      merchant_id: creator.merchantId,
      name: body.name,
      carts_level: body.scopes.carts,
      transactions_level: body.scopes.transactions,
      secret_hash: secretHash(secret),
      previous_secret_hash: null,
      previous_secret_valid_until: null,
      expires_at: expiresAt,
      created_by_user_id: creator.userId,
      created_by_email: creator.email,
      created_by_role: creator.role,
      created_at: at,
      rotated_at: null,
      revoked_at: null,
      last_used_at: null,
      last_used_address: null,
      expiry_warned_at: null,
    });
    await recordAudit(trx, creator.audit, {
      merchantId: creator.merchantId,
      kind: 'access_key.created',
      subjectType: 'access_key',
      subjectId: id,
      after: { name: body.name, scopes: body.scopes, expiresAt },
    });
  });
  const row = await findMerchantKey(db, creator.merchantId, id);
  if (row === undefined) throw new Error(`Access key ${id} vanished after its creation`);
  return { key: toAccessKey(row, now), secret: presentedSecret(id, secret) };
}

async function openKey(db: Db, merchantId: string, id: string, now: Date): Promise<AccessKeyRow> {
  const row = await findMerchantKey(db, merchantId, id);
  if (row === undefined) throw notFound(KEY_NOT_FOUND);
  if (row.revoked_at !== null) throw conflict(refused('access_key.revoked'));
  if (isPast(row.expires_at, now)) throw conflict(refused('access_key.expired'));
  return row;
}

/**
 * Gives the key a new secret; the one it replaces keeps working for the overlap (none: from now on
 * only the new one). A secret replaced earlier stops at once: at most two work at any time.
 */
export async function rotateAccessKey(
  db: Db,
  audit: AuditContext,
  merchantId: string,
  id: string,
  overlap: RotationOverlap,
  now = new Date(),
): Promise<AccessKeyWithSecret> {
  const secret = newSecret();
  const overlapEndsAt = new Date(now.getTime() + ROTATION_OVERLAP_MS[overlap]).toISOString();
  const row = await withTransaction(db, async (trx) => {
    const current = await openKey(trx, merchantId, id, now);
    const replaced = await replaceSecret(trx, id, {
      secret_hash: secretHash(secret),
      previous_secret_hash: overlap === 'NOW' ? null : current.secret_hash,
      previous_secret_valid_until: overlap === 'NOW' ? null : overlapEndsAt,
      rotated_at: now.toISOString(),
    });
    if (!replaced) throw conflict(refused('access_key.revoked'));
    await recordAudit(trx, audit, {
      merchantId,
      kind: 'access_key.rotated',
      subjectType: 'access_key',
      subjectId: id,
      after: { name: current.name, overlap, overlapEndsAt },
    });
    return findMerchantKey(trx, merchantId, id);
  });
  if (row === undefined) throw notFound(KEY_NOT_FOUND);
  return { key: toAccessKey(row, now), secret: presentedSecret(id, secret) };
}

/** Revokes the key: the next request with it is refused (the API reads the key at every request). */
export async function revokeAccessKey(
  db: Db,
  audit: AuditContext,
  merchantId: string,
  id: string,
  now = new Date(),
): Promise<AccessKey> {
  return withTransaction(db, async (trx) => {
    const row = await findMerchantKey(trx, merchantId, id);
    if (row === undefined) throw notFound(KEY_NOT_FOUND);
    if (row.revoked_at === null) {
      await markRevoked(trx, id, now.toISOString());
      await recordAudit(trx, audit, {
        merchantId,
        kind: 'access_key.revoked',
        subjectType: 'access_key',
        subjectId: id,
        before: { name: row.name, status: toAccessKey(row, now).status },
        after: { name: row.name, status: 'REVOKED' },
      });
    }
    const revoked = await findMerchantKey(trx, merchantId, id);
    if (revoked === undefined) throw notFound(KEY_NOT_FOUND);
    return toAccessKey(revoked, now);
  });
}

/** The merchant-API caller a valid key stands for. */
export interface KeyCaller {
  readonly keyId: string;
  readonly merchantId: string;
  readonly scopes: AccessKeyScopes;
  /** The admin who created the key, in whose name its changes are recorded (decision 0013). */
  readonly createdByUserId: string;
  readonly createdByEmail: string;
  readonly createdByRole: Role;
}

/** The 401s of the merchant API, each with its code. */
const KEY_REFUSALS = {
  missing: refused('api_key.missing'),
  malformed: refused('api_key.malformed'),
  notValid: refused('api_key.not_valid'),
  revoked: refused('api_key.revoked'),
  expired: refused('api_key.expired'),
  rotated: refused('api_key.secret_rotated'),
} as const;

function refuseKey(reason: keyof typeof KEY_REFUSALS): never {
  throw unauthorized(KEY_REFUSALS[reason]);
}

/**
 * The key of an `Authorization: Bearer <key id>.<secret>` header, read from the database at every
 * request (never cached, so that a revocation holds from the next request on every instance). The
 * secret is checked first: what the key's state is (expired, revoked, rotated out) is said only to a
 * caller who holds one of its secrets. The last use is recorded at most once a minute.
 */
export async function authenticateAccessKey(
  db: Db,
  presented: string | undefined,
  grant: AccessKeyGrant,
  address: string,
  now = new Date(),
): Promise<KeyCaller> {
  if (presented === undefined) refuseKey('missing');
  const parsed = parsePresented(presented);
  if (parsed === undefined) refuseKey('malformed');
  const row = await findKey(db, parsed.keyId);
  if (row === undefined) refuseKey('notValid');
  const hash = secretHash(parsed.secret);
  const current = sameHash(hash, row.secret_hash);
  const previous = !current && sameHash(hash, row.previous_secret_hash);
  if (!current && !previous) refuseKey('notValid');
  if (row.revoked_at !== null) refuseKey('revoked');
  if (isPast(row.expires_at, now)) refuseKey('expired');
  if (previous && isPast(row.previous_secret_valid_until, now)) refuseKey('rotated');
  const scopes = scopesOf(row);
  if (!keyAllows(scopes, grant)) {
    throw forbidden(refused('api_key.missing_scope', { resource: grant.resource, level: grant.level }));
  }
  if (row.last_used_at === null || Date.parse(row.last_used_at) < now.getTime() - LAST_USE_INTERVAL_MS) {
    await recordUse(db, row.id, {
      at: now.toISOString(),
      address,
      staleBefore: new Date(now.getTime() - LAST_USE_INTERVAL_MS).toISOString(),
    });
  }
  return {
    keyId: row.id,
    merchantId: row.merchant_id,
    scopes,
    createdByUserId: row.created_by_user_id,
    createdByEmail: row.created_by_email,
    createdByRole: row.created_by_role,
  };
}
