import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Pagination } from '@portal/contracts/api';
import { fieldRefusal } from '@portal/contracts/refusals';
import { PRODUCT_TYPES } from '@portal/contracts/enums';
import type { ProductType } from '@portal/contracts/enums';
import { ENROLLMENT_TO_AFTER_FROM_MESSAGE, enrollmentStatus } from '@portal/contracts/payment-products';
import type {
  Enrollment,
  EnrollmentCreate,
  EnrollmentTerms,
  EnrollmentUpdate,
  PaymentProduct,
  PaymentProductAggregate,
  PaymentProductConfiguration,
} from '@portal/contracts/payment-products';
import { answerDate, answerDateOrNull } from '../../http/answer-dates.js';
import { dialectOf } from '../../db/migration-helpers.js';
import type { Database, PaymentProductEnrollmentsTable } from '../../db/schema.js';
import { withTransaction } from '../../db/transaction.js';
import { AppError, conflict, forbidden, refused, unprocessable } from '../../http/app-error.js';
import { merchantToday, zonedDayStart } from '../../lib/time-zone.js';
import { recordAudit, type AuditContext } from '../audit/record-audit.js';
import { merchantContext } from '../merchants/service.js';
import { programForMerchant } from '../programs/service.js';
import {
  activeEnrollmentConfigurations,
  aggregateProducts,
  deleteEnrollment,
  findEnrollment,
  findOverlappingEnrollment,
  findProduct,
  firstProductType,
  insertEnrollment,
  listConfigurations,
  listEnrollments,
  listProducts,
  lockParticipation,
  merchantTermValues,
  replaceMerchantTermValues,
  setEnrollmentPeriod,
} from './repository.js';
import type { EnrollmentFilter } from './repository.js';
import { PLAN_FREQUENCIES, type PlanTerms } from '@portal/contracts/placements';

/** The same words whether the enrollment does not exist or is another merchant's (docs/auth.md). */
const ENROLLMENT_FORBIDDEN = refused('enrollment.no_access');

type Db = Kysely<Database>;
type EnrollmentRow = Selectable<PaymentProductEnrollmentsTable>;

interface Page {
  limit: number;
  offset: number;
}

interface ListAnswer<T> {
  items: T[];
  pagination: Pagination;
}

const PLAIN_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * An effective date as the instant stored: a plain date is a day of the merchant's calendar and takes
 * effect at its start in the merchant's time zone (midnight in Vancouver is not midnight in Toronto);
 * a date-time with an offset is that instant.
 */
function instantOf(value: string, timeZone: string): string {
  return new Date(PLAIN_DATE.test(value) ? zonedDayStart(value, timeZone) : Date.parse(value)).toISOString();
}

/** The start of the merchant's today, in its time zone. */
function startOfMerchantDay(now: Date, timeZone: string): number {
  return zonedDayStart(merchantToday(timeZone, now), timeZone);
}

function invalid(path: string, message: string): AppError {
  return new AppError(400, 'VALIDATION_FAILED', 'The request is not valid', { details: [{ path, message }] });
}

function toEnrollment(row: EnrollmentRow, now: Date): Enrollment {
  return {
    id: row.id,
    merchantID: row.merchant_id,
    programID: row.program_id,
    paymentProductID: row.payment_product_id,
    effectiveFrom: answerDate(row.effective_from),
    effectiveTo: answerDateOrNull(row.effective_to),
    status: enrollmentStatus(row.effective_from, row.effective_to, now),
    createdAt: answerDate(row.created_at),
    updatedAt: answerDate(row.updated_at),
  };
}

export async function paymentProducts(
  db: Db,
  merchantId: string,
  programId: string,
  filter: { productType?: ProductType | undefined } & Page,
): Promise<ListAnswer<PaymentProduct>> {
  await programForMerchant(db, merchantId, programId);
  const { rows, total } = await listProducts(db, programId, filter);
  return {
    items: rows.map((row) => ({
      id: row.id,
      programID: row.program_id,
      productType: row.product_type,
      name: row.name,
      createdAt: answerDate(row.created_at),
    })),
    pagination: { offset: filter.offset, limit: filter.limit, total },
  };
}

export async function paymentProductAggregation(
  db: Db,
  merchantId: string,
  programId: string,
  filter: { productType?: ProductType | undefined },
  now = new Date(),
): Promise<PaymentProductAggregate[]> {
  await programForMerchant(db, merchantId, programId);
  const counts = await aggregateProducts(db, programId, merchantId, now.toISOString());
  const countOf = (rows: { product_type: ProductType; count: number }[], type: ProductType) =>
    rows.find((row) => row.product_type === type)?.count ?? 0;
  return PRODUCT_TYPES.filter((type) => filter.productType === undefined || filter.productType === type).map(
    (productType) => ({
      productType,
      products: countOf(counts.products, productType),
      configurations: countOf(counts.configurations, productType),
      activeEnrollments: countOf(counts.activeEnrollments, productType),
    }),
  );
}

export async function paymentProductConfigurations(
  db: Db,
  merchantId: string,
  programId: string,
  filter: Parameters<typeof listConfigurations>[3],
): Promise<ListAnswer<PaymentProductConfiguration>> {
  await programForMerchant(db, merchantId, programId);
  const { rows, total } = await listConfigurations(db, programId, merchantId, filter);
  return {
    items: rows.map((row) => ({
      id: row.id,
      programID: row.program_id,
      paymentProductID: row.payment_product_id,
      key: row.config_key,
      value: row.config_value,
      ownerType: row.owner_type,
      ownerID: row.owner_id,
    })),
    pagination: { offset: filter.offset, limit: filter.limit, total },
  };
}

export async function enrollments(
  db: Db,
  merchantId: string,
  filter: EnrollmentFilter,
  now = new Date(),
): Promise<ListAnswer<Enrollment>> {
  const { rows, total } = await listEnrollments(db, merchantId, filter, now.toISOString());
  return {
    items: rows.map((row) => toEnrollment(row, now)),
    pagination: { offset: filter.offset, limit: filter.limit, total },
  };
}

/**
 * A start before the merchant's today would rewrite history; today (the merchant's, in its zone) is
 * still accepted.
 */
function checkStart(from: string, now: Date, timeZone: string): void {
  if (Date.parse(from) < startOfMerchantDay(now, timeZone)) {
    throw unprocessable(refused('enrollment.start_in_past'), [
      fieldRefusal('body.effectiveFrom', 'enrollment.start_today_or_later'),
    ]);
  }
}

/** An end that has already passed: ending an enrollment now is what DELETE does. */
function checkEnd(to: string | null, now: Date): void {
  if (to !== null && Date.parse(to) <= now.getTime()) {
    throw unprocessable(refused('enrollment.end_in_past'), [
      fieldRefusal('body.effectiveTo', 'enrollment.end_later_or_now'),
    ]);
  }
}

async function lockIfConcurrent(
  trx: Parameters<typeof lockParticipation>[0],
  merchantId: string,
  programId: string,
) {
  if (dialectOf(trx) === 'postgres') await lockParticipation(trx, merchantId, programId);
}

/** What an audit entry of an enrollment holds: its product, period and own terms, nothing else. */
function auditedEnrollment(row: EnrollmentRow, terms?: EnrollmentTerms | Partial<Record<string, string>>) {
  return {
    programID: row.program_id,
    paymentProductID: row.payment_product_id,
    effectiveFrom: row.effective_from,
    effectiveTo: row.effective_to,
    ...(terms === undefined ? {} : { terms }),
  };
}

/** Who changes an enrollment (the audit's actor) and when. */
export interface EnrollmentChange {
  readonly audit: AuditContext;
  readonly now?: Date;
}

/** Replaces the merchant's own terms of a product, as stored (text values, like the program's defaults). */
async function setOwnTerms(
  trx: Parameters<typeof replaceMerchantTermValues>[0],
  row: EnrollmentRow,
  terms: EnrollmentTerms,
): Promise<void> {
  await replaceMerchantTermValues(
    trx,
    { merchantId: row.merchant_id, programId: row.program_id, productId: row.payment_product_id },
    { TYPE: terms.TYPE, NUMPAYMENTS: String(terms.NUMPAYMENTS), RATE: String(terms.RATE) },
  );
}

export async function createEnrollment(
  db: Db,
  merchantId: string,
  body: EnrollmentCreate,
  { audit, now = new Date() }: EnrollmentChange,
): Promise<Enrollment> {
  // Enrolling needs a participation that has not ended.
  await programForMerchant(db, merchantId, body.programID, { active: true });
  const product = await findProduct(db, body.programID, body.paymentProductID);
  if (product === undefined) {
    throw unprocessable(refused('enrollment.product_not_in_program'), [
      fieldRefusal('body.paymentProductID', 'enrollment.not_product_of_program'),
    ]);
  }
  const { timeZone } = await merchantContext(db, merchantId);
  const from = body.effectiveFrom === undefined ? now.toISOString() : instantOf(body.effectiveFrom, timeZone);
  const to =
    body.effectiveTo === undefined || body.effectiveTo === null
      ? null
      : instantOf(body.effectiveTo, timeZone);
  if (to !== null && to <= from) throw invalid('body.effectiveTo', ENROLLMENT_TO_AFTER_FROM_MESSAGE);
  checkStart(from, now, timeZone);
  checkEnd(to, now);

  const row: EnrollmentRow = {
    id: randomUUID(),
    merchant_id: merchantId,
    program_id: body.programID,
    payment_product_id: body.paymentProductID,
    effective_from: from,
    effective_to: to,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
  await withTransaction(db, async (trx) => {
    await lockIfConcurrent(trx, merchantId, body.programID);
    const overlap = await findOverlappingEnrollment(trx, merchantId, body.paymentProductID, { from, to });
    if (overlap !== undefined) throw conflict(refused('enrollment.overlap'));
    await insertEnrollment(trx, row);
    if (body.terms !== undefined) await setOwnTerms(trx, row, body.terms);
    await recordAudit(trx, audit, {
      merchantId,
      kind: 'enrollment.created',
      subjectType: 'enrollment',
      subjectId: row.id,
      before: null,
      after: auditedEnrollment(row, body.terms),
    });
  });
  return toEnrollment(row, now);
}

async function ownEnrollment(db: Db, merchantId: string, enrollmentId: string): Promise<EnrollmentRow> {
  const row = await findEnrollment(db, merchantId, enrollmentId);
  if (row === undefined) throw forbidden(ENROLLMENT_FORBIDDEN);
  return row;
}

export async function updateEnrollment(
  db: Db,
  merchantId: string,
  enrollmentId: string,
  body: EnrollmentUpdate,
  { audit, now = new Date() }: EnrollmentChange,
): Promise<Enrollment> {
  const { timeZone } = await merchantContext(db, merchantId);
  return withTransaction(db, async (trx) => {
    const current = await ownEnrollment(trx, merchantId, enrollmentId);
    await lockIfConcurrent(trx, merchantId, current.program_id);
    const status = enrollmentStatus(current.effective_from, current.effective_to, now);
    if (status === 'LAPSED') throw conflict(refused('enrollment.ended_cannot_change'));
    const from =
      body.effectiveFrom === undefined ? current.effective_from : instantOf(body.effectiveFrom, timeZone);
    const to =
      body.effectiveTo === undefined
        ? current.effective_to
        : body.effectiveTo === null
          ? null
          : instantOf(body.effectiveTo, timeZone);
    if (to !== null && to <= from) throw invalid('body.effectiveTo', ENROLLMENT_TO_AFTER_FROM_MESSAGE);
    if (from !== current.effective_from) {
      if (status === 'ACTIVE') {
        throw unprocessable(refused('enrollment.started_keeps_start'), [
          fieldRefusal('body.effectiveFrom', 'enrollment.start_cannot_change'),
        ]);
      }
      checkStart(from, now, timeZone);
    }
    if (to !== current.effective_to) checkEnd(to, now);
    const overlap = await findOverlappingEnrollment(trx, merchantId, current.payment_product_id, {
      from,
      to,
      exceptId: current.id,
    });
    if (overlap !== undefined) throw conflict(refused('enrollment.overlap'));
    const updated: EnrollmentRow = {
      ...current,
      effective_from: from,
      effective_to: to,
      updated_at: now.toISOString(),
    };
    const termsBefore =
      body.terms === undefined
        ? undefined
        : await merchantTermValues(trx, merchantId, current.payment_product_id);
    await setEnrollmentPeriod(trx, current.id, { from, to, at: updated.updated_at });
    if (body.terms !== undefined) await setOwnTerms(trx, updated, body.terms);
    await recordAudit(trx, audit, {
      merchantId,
      kind: 'enrollment.updated',
      subjectType: 'enrollment',
      subjectId: current.id,
      before: auditedEnrollment(current, termsBefore),
      after: auditedEnrollment(updated, body.terms),
    });
    return toEnrollment(updated, now);
  });
}

/**
 * Ends an enrollment now, keeping it as history. One that has not started yet never took effect, so
 * it is removed; one that has already ended is a conflict.
 */
export async function endEnrollment(
  db: Db,
  merchantId: string,
  enrollmentId: string,
  { audit, now = new Date() }: EnrollmentChange,
): Promise<void> {
  await withTransaction(db, async (trx) => {
    const current = await ownEnrollment(trx, merchantId, enrollmentId);
    const status = enrollmentStatus(current.effective_from, current.effective_to, now);
    if (status === 'LAPSED') throw conflict(refused('enrollment.already_ended'));
    const entry = { merchantId, subjectType: 'enrollment', subjectId: current.id };
    // Not started (SCHEDULED, or starting this very millisecond, where an end of now would make the
    // period empty, which the table refuses).
    if (Date.parse(current.effective_from) >= now.getTime()) {
      await deleteEnrollment(trx, current.id);
      await recordAudit(trx, audit, {
        ...entry,
        kind: 'enrollment.removed',
        before: auditedEnrollment(current),
        after: null,
      });
      return;
    }
    const at = now.toISOString();
    await setEnrollmentPeriod(trx, current.id, { from: current.effective_from, to: at, at });
    await recordAudit(trx, audit, {
      ...entry,
      kind: 'enrollment.ended',
      before: auditedEnrollment(current),
      after: auditedEnrollment({ ...current, effective_to: at }),
    });
  });
}

/** What a transaction made from a cart of the program is: its first product's type, else instalments. */
export async function cartProductType(db: Db, programId: string): Promise<ProductType> {
  return (await firstProductType(db, programId)) ?? 'INSTALLMENTS';
}

const WHOLE_NUMBER = /^\d{1,9}$/;

/**
 * The plans of the products the merchant is enrolled in now (ACTIVE enrollments only; of one program
 * when `programId` is given, as a cart's checkout offers), each from its
 * TYPE, NUMPAYMENTS and RATE, the merchant's own value over the program's default. A product whose
 * values are missing or not understood offers nothing rather than a wrong figure.
 */
export async function activePlanTerms(
  db: Db,
  merchantId: string,
  now = new Date(),
  programId?: string,
): Promise<PlanTerms[]> {
  const rows = await activeEnrollmentConfigurations(db, merchantId, now.toISOString(), programId);
  type Values = Map<string, { value: string; own: boolean }>;
  const byEnrollment = new Map<string, { productType: ProductType; values: Values }>();
  for (const row of rows) {
    const entry = byEnrollment.get(row.enrollment_id) ?? {
      productType: row.product_type,
      values: new Map() as Values,
    };
    byEnrollment.set(row.enrollment_id, entry);
    const own = row.owner_type === 'MERCHANT';
    if (own || entry.values.get(row.config_key)?.own !== true) {
      entry.values.set(row.config_key, { value: row.config_value, own });
    }
  }
  const plans: PlanTerms[] = [];
  for (const { productType, values } of byEnrollment.values()) {
    const frequency = PLAN_FREQUENCIES.find((known) => known === values.get('TYPE')?.value);
    const count = values.get('NUMPAYMENTS')?.value ?? '';
    const rate = values.get('RATE')?.value ?? '';
    if (frequency === undefined || !WHOLE_NUMBER.test(count) || !WHOLE_NUMBER.test(rate)) continue;
    const numPayments = Number(count);
    if (numPayments < 1) continue;
    plans.push({ productType, frequency, numPayments, rateBps: Number(rate) });
  }
  return plans;
}
