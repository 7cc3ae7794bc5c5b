import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  passesLuhn,
  type IssuedVirtualCard,
  type MerchantId,
  type MerchantIdFailure,
  type MerchantIdOverview,
  type VirtualCard,
} from '@portal/contracts/merchant-ids';
import type { Database } from '../../db/schema.js';
import { withTransaction } from '../../db/transaction.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { answerDate, answerDateOrNull } from '../../http/answer-dates.js';
import { conflict, notFound, refused, unprocessable } from '../../http/app-error.js';
import { recordAudit, type AuditContext } from '../audit/record-audit.js';
import { maskedCardNumber, newCardNumber } from './card-number.js';
import {
  findByValue,
  findLocationOf,
  findMerchantId,
  findVirtualCard,
  hasValidatedId,
  insertMerchantId,
  insertVirtualCard,
  listMerchantIds,
  recordValidation,
  registeredElsewhereFirst,
  type MerchantIdRow,
} from './repository.js';

type Db = Kysely<Database>;

/** A virtual card is valid for three years, to the end of its expiry month. */
const CARD_YEARS = 3;

function toMerchantId(row: MerchantIdRow): MerchantId {
  return {
    id: row.id,
    locationId: row.location_id,
    locationName: row.location_name,
    acquirerMerchantId: row.acquirer_merchant_id,
    status: row.status,
    failure: row.failure,
    createdAt: answerDate(row.created_at),
    createdByEmail: row.created_by_email,
    validatedAt: answerDateOrNull(row.validated_at),
    validatedByEmail: row.validated_by_email,
  };
}

type CardRow = NonNullable<Awaited<ReturnType<typeof findVirtualCard>>>;

function toVirtualCard(row: CardRow): VirtualCard {
  return {
    id: row.id,
    maskedNumber: row.masked_number,
    expiryMonth: row.expiry_month,
    expiryYear: row.expiry_year,
    createdAt: answerDate(row.created_at),
    createdByEmail: row.created_by_email,
  };
}

export async function merchantIdOverview(db: Db, merchantId: string): Promise<MerchantIdOverview> {
  const rows = await listMerchantIds(db, merchantId);
  const card = await findVirtualCard(db, merchantId);
  return { items: rows.map(toMerchantId), virtualCard: card === undefined ? null : toVirtualCard(card) };
}

async function openMerchantId(db: Db, merchantId: string, id: string): Promise<MerchantIdRow> {
  const row = await findMerchantId(db, merchantId, id);
  if (row === undefined) throw notFound(refused('merchant_id.not_found'));
  return row;
}

const duplicate = (value: string) => conflict(refused('merchant_id.duplicate', { merchantId: value }));

/**
 * Registers an acquirer id (already upper-cased and format-checked by the body's schema) for one of
 * the merchant's locations, PENDING until the provider runs the validation rule. The same id twice for
 * the merchant is refused (and kept so by a unique index); whether another merchant holds it is the
 * rule's question, so that this answer says nothing of other merchants.
 */
export async function registerMerchantId(
  db: Db,
  audit: AuditContext,
  merchantId: string,
  body: { locationId: string; acquirerMerchantId: string },
  now = new Date(),
): Promise<MerchantId> {
  const id = randomUUID();
  const value = body.acquirerMerchantId;
  try {
    await withTransaction(db, async (trx) => {
      const location = await findLocationOf(trx, merchantId, body.locationId);
      if (location === undefined) throw notFound(refused('location.not_found'));
      if ((await findByValue(trx, merchantId, value)) !== undefined) throw duplicate(value);
      await insertMerchantId(trx, {
        id,
        merchant_id: merchantId,
        location_id: location.id,
        acquirer_merchant_id: value,
        status: 'PENDING',
        failure: null,
        created_at: now.toISOString(),
        created_by_email: audit.actor.email ?? '',
        validated_at: null,
        validated_by_email: null,
      });
      await recordAudit(trx, audit, {
        merchantId,
        kind: 'merchant_id.registered',
        subjectType: 'merchant_id',
        subjectId: id,
        after: { acquirerMerchantId: value, locationId: location.id, status: 'PENDING' },
      });
    });
  } catch (error) {
    // Registered by a concurrent request between the look and the insert.
    if (isUniqueViolation(error)) throw duplicate(value);
    throw error;
  }
  return toMerchantId(await openMerchantId(db, merchantId, id));
}

/**
 * The validation rule the provider's staff run: an id of digits only must end in its Luhn check digit
 * (as acquirers number them), and an id that another merchant registered first fails. Its outcome,
 * with who ran it and when, is recorded; running it again records the outcome anew.
 */
export async function validateMerchantId(
  db: Db,
  audit: AuditContext,
  merchantId: string,
  id: string,
  now = new Date(),
): Promise<MerchantId> {
  await withTransaction(db, async (trx) => {
    const row = await openMerchantId(trx, merchantId, id);
    const value = row.acquirer_merchant_id;
    let failure: MerchantIdFailure | null = null;
    if (/^\d+$/.test(value) && !passesLuhn(value)) failure = 'CHECK_DIGIT';
    else if (await registeredElsewhereFirst(trx, merchantId, value, row.created_at)) {
      failure = 'REGISTERED_ELSEWHERE';
    }
    const status = failure === null ? 'VALIDATED' : 'FAILED';
    await recordValidation(trx, id, {
      status,
      failure,
      validated_at: now.toISOString(),
      validated_by_email: audit.actor.email,
    });
    await recordAudit(trx, audit, {
      merchantId,
      kind: 'merchant_id.validated',
      subjectType: 'merchant_id',
      subjectId: id,
      before: { status: row.status, failure: row.failure },
      after: { status, failure },
    });
  });
  return toMerchantId(await openMerchantId(db, merchantId, id));
}

/**
 * Creates the merchant's one virtual card once it has a validated id. The full number is in this
 * answer only: the database keeps the masked number (last four digits), no log or audit entry holds it.
 */
export async function issueVirtualCard(
  db: Db,
  audit: AuditContext,
  merchantId: string,
  now = new Date(),
): Promise<IssuedVirtualCard> {
  const number = newCardNumber();
  const expiry = new Date(Date.UTC(now.getUTCFullYear() + CARD_YEARS, now.getUTCMonth(), 1));
  const id = randomUUID();
  try {
    await withTransaction(db, async (trx) => {
      if ((await findVirtualCard(trx, merchantId)) !== undefined)
        throw conflict(refused('virtual_card.exists'));
      if (!(await hasValidatedId(trx, merchantId))) {
        throw unprocessable(refused('virtual_card.needs_validated_id'));
      }
      const card = {
        masked_number: maskedCardNumber(number),
        expiry_month: expiry.getUTCMonth() + 1,
        expiry_year: expiry.getUTCFullYear(),
      };
      await insertVirtualCard(trx, {
        id,
        merchant_id: merchantId,
        ...card,
        created_at: now.toISOString(),
        created_by_email: audit.actor.email ?? '',
      });
      await recordAudit(trx, audit, {
        merchantId,
        kind: 'virtual_card.created',
        subjectType: 'virtual_card',
        subjectId: id,
        after: {
          maskedNumber: card.masked_number,
          expiry: `${String(card.expiry_month)}/${String(card.expiry_year)}`,
        },
      });
    });
  } catch (error) {
    // A concurrent creation made the merchant's one card first.
    if (isUniqueViolation(error)) throw conflict(refused('virtual_card.exists'));
    throw error;
  }
  const card = await findVirtualCard(db, merchantId);
  if (card === undefined) throw new Error(`The virtual card of ${merchantId} vanished after its creation`);
  return { card: toVirtualCard(card), number };
}
