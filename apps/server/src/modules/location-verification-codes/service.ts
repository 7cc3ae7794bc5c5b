import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  VERIFICATION_CHECK_LIMITS,
  VERIFICATION_CODE_LIFETIME_MS,
  type GeneratedCode,
  type LocationCode,
  type VerificationCode,
} from '@portal/contracts/location-verification-codes';
import type { Database } from '../../db/schema.js';
import { withTransaction } from '../../db/transaction.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { answerDate, answerDateOrNull } from '../../http/answer-dates.js';
import { AppError, conflict, notFound, refused } from '../../http/app-error.js';
import { recordAudit, type AuditContext } from '../audit/record-audit.js';
import { programFlagsOf } from '../programs/service.js';
import { clearAttempts, takeAttempt, windowStart } from './check-throttle-repository.js';
import { codeHasher, newCode } from './code-hash.js';
import {
  activeCodeTaken,
  endActiveCode,
  findLocationMerchant,
  findMerchantLocation,
  insertCode,
  latestCodes,
  listMerchantLocations,
  markExpired,
  matchesActiveCode,
} from './repository.js';

type Db = Kysely<Database>;
type LocationRow = Awaited<ReturnType<typeof listMerchantLocations>>[number];
type CodeRow = Awaited<ReturnType<typeof latestCodes>>[number];

/** Draws before giving up on a code no other active code of the merchant has (each clash is 1 in 10⁶ per location). */
const DRAWS = 20;
/** A concurrent generation for the same location (or merchant) wins the unique index: try again. */
const TRANSACTION_TRIES = 3;

function toCode(row: CodeRow, now: Date): VerificationCode {
  const expired = row.status === 'ACTIVE' && Date.parse(row.expires_at) <= now.getTime();
  return {
    id: row.id,
    status: expired ? 'EXPIRED' : row.status,
    createdAt: answerDate(row.created_at),
    createdByEmail: row.created_by_email,
    expiresAt: answerDate(row.expires_at),
    endedAt: expired ? answerDate(row.expires_at) : answerDateOrNull(row.ended_at),
  };
}

function toLocationCode(location: LocationRow, code: CodeRow | undefined, now: Date): LocationCode {
  return {
    locationId: location.id,
    name: location.name,
    storeNumber: location.store_number,
    locationStatus: location.status,
    code: code === undefined ? null : toCode(code, now),
  };
}

/** The latest code by location; of two made in the same millisecond, the active one. */
function byLocation(rows: readonly CodeRow[]): Map<string, CodeRow> {
  const codes = new Map<string, CodeRow>();
  for (const row of rows) {
    if (!codes.has(row.location_id) || row.status === 'ACTIVE') codes.set(row.location_id, row);
  }
  return codes;
}

export async function listLocationCodes(
  db: Db,
  merchantId: string,
  now = new Date(),
): Promise<LocationCode[]> {
  const locations = await listMerchantLocations(db, merchantId);
  const codes = byLocation(await latestCodes(db, merchantId));
  return locations.map((location) => toLocationCode(location, codes.get(location.id), now));
}

async function locationCode(db: Db, merchantId: string, location: LocationRow, now: Date) {
  const codes = byLocation(await latestCodes(db, merchantId, location.id));
  return toLocationCode(location, codes.get(location.id), now);
}

async function openLocation(db: Db, merchantId: string, locationId: string): Promise<LocationRow> {
  const location = await findMerchantLocation(db, merchantId, locationId);
  // Another merchant's location answers as one that does not exist.
  if (location === undefined) throw notFound(refused('location.not_found'));
  return location;
}

/**
 * A new code for the location, replacing its active one: six random digits that no other active code
 * of the merchant has, checked in the transaction that inserts it (and kept so by a unique index over
 * the active codes). The digits are in the answer only; the database keeps their keyed hash.
 */
export async function generateLocationCode(
  db: Db,
  audit: AuditContext,
  merchantId: string,
  locationId: string,
  now = new Date(),
): Promise<GeneratedCode> {
  const hash = await codeHasher(db);
  const at = now.toISOString();
  const expiresAt = new Date(now.getTime() + VERIFICATION_CODE_LIFETIME_MS).toISOString();
  for (let attempt = 1; ; attempt += 1) {
    try {
      const code = await withTransaction(db, async (trx) => {
        const location = await openLocation(trx, merchantId, locationId);
        if (location.status !== 'ACTIVE') throw conflict(refused('location.inactive'));
        await markExpired(trx, merchantId, at);
        const replaced = await endActiveCode(trx, locationId, 'REPLACED', at);
        let drawn: string | undefined;
        for (let draw = 0; draw < DRAWS && drawn === undefined; draw += 1) {
          const candidate = newCode();
          if (!(await activeCodeTaken(trx, merchantId, hash(candidate)))) drawn = candidate;
        }
        if (drawn === undefined) throw new Error(`No free verification code for merchant ${merchantId}`);
        const id = randomUUID();
        await insertCode(trx, {
          id,
          merchant_id: merchantId,
          location_id: locationId,
          code_hash: hash(drawn),
          status: 'ACTIVE',
          expires_at: expiresAt,
          created_at: at,
          created_by_email: audit.actor.email ?? '',
          ended_at: null,
        });
        await recordAudit(trx, audit, {
          merchantId,
          kind: replaced === undefined ? 'verification_code.generated' : 'verification_code.regenerated',
          subjectType: 'location',
          subjectId: locationId,
          before: replaced === undefined ? null : { codeId: replaced.id, status: 'ACTIVE' },
          after: { codeId: id, status: 'ACTIVE', expiresAt },
        });
        return drawn;
      });
      const location = await openLocation(db, merchantId, locationId);
      return { location: await locationCode(db, merchantId, location, now), code };
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= TRANSACTION_TRIES) throw error;
    }
  }
}

/** Revokes the location's active code: the check refuses it from now on. */
export async function revokeLocationCode(
  db: Db,
  audit: AuditContext,
  merchantId: string,
  locationId: string,
  now = new Date(),
): Promise<LocationCode> {
  const at = now.toISOString();
  const location = await withTransaction(db, async (trx) => {
    const found = await openLocation(trx, merchantId, locationId);
    await markExpired(trx, merchantId, at);
    const revoked = await endActiveCode(trx, locationId, 'REVOKED', at);
    if (revoked === undefined) throw conflict(refused('verification_code.none_active'));
    await recordAudit(trx, audit, {
      merchantId,
      kind: 'verification_code.revoked',
      subjectType: 'location',
      subjectId: locationId,
      before: { codeId: revoked.id, status: 'ACTIVE' },
      after: { codeId: revoked.id, status: 'REVOKED' },
    });
    return found;
  });
  return locationCode(db, merchantId, location, now);
}

/**
 * The public check of a code typed on a store's device. Every attempt counts against the location's
 * windows (VERIFICATION_CHECK_LIMITS) before the code is compared, so a locked location is refused
 * with 429 whatever was typed; a correct code clears the counts. An unknown location, or one whose
 * merchant no longer has an in-store virtual-card program, answers as a wrong code.
 */
export async function checkVerificationCode(
  db: Db,
  locationId: string,
  code: string,
  now = new Date(),
): Promise<{ valid: boolean }> {
  const location = await findLocationMerchant(db, locationId);
  if (location === undefined) return { valid: false };
  const at = now.toISOString();
  for (const limit of VERIFICATION_CHECK_LIMITS) {
    const startedAfter = new Date(now.getTime() - limit.ms).toISOString();
    if (!(await takeAttempt(db, locationId, limit.window, limit.attempts, startedAfter, at))) {
      const started = (await windowStart(db, locationId, limit.window)) ?? at;
      const waitMs = Math.max(Date.parse(started) + limit.ms - now.getTime(), 60_000);
      throw new AppError(
        429,
        'RATE_LIMITED',
        refused('verification_code.locked', {
          minutes: Math.ceil(waitMs / 60_000),
        }),
      );
    }
  }
  if (!(await programFlagsOf(db, location.merchant_id)).instoreVirtualCard) return { valid: false };
  const hash = await codeHasher(db);
  const valid = await matchesActiveCode(db, locationId, hash(code), at);
  if (valid) await clearAttempts(db, locationId);
  return { valid };
}
