import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Pagination } from '@portal/contracts/api';
import { PRODUCT_TYPES } from '@portal/contracts/enums';
import type { ProductType } from '@portal/contracts/enums';
import { ENROLLMENT_TO_AFTER_FROM_MESSAGE, enrollmentStatus } from '@portal/contracts/payment-products';
import type {
  Enrollment,
  EnrollmentCreate,
  EnrollmentUpdate,
  PaymentProduct,
  PaymentProductAggregate,
  PaymentProductConfiguration,
} from '@portal/contracts/payment-products';
import { answerDate, answerDateOrNull } from '../../http/answer-dates.js';
import { dialectOf } from '../../db/migration-helpers.js';
import type { Database, PaymentProductEnrollmentsTable } from '../../db/schema.js';
import { withTransaction } from '../../db/transaction.js';
import { AppError, conflict, forbidden, unprocessable } from '../../http/app-error.js';
import { programForMerchant } from '../programs/service.js';
import {
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
  setEnrollmentPeriod,
} from './repository.js';
import type { EnrollmentFilter } from './repository.js';
import { DAY_MS } from '@portal/contracts/constants';

/** The same words whether the enrollment does not exist or is another merchant's (docs/auth.md). */
export const ENROLLMENT_FORBIDDEN_MESSAGE = 'You do not have access to this enrollment';

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

function iso(instant: string): string {
  return new Date(instant).toISOString();
}

function startOfUtcDay(now: Date): number {
  return Math.floor(now.getTime() / DAY_MS) * DAY_MS;
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

/** A start before today (UTC) would rewrite history; a plain date of today is still accepted. */
function checkStart(from: string, now: Date): void {
  if (Date.parse(from) < startOfUtcDay(now)) {
    throw unprocessable('An enrollment cannot start in the past', [
      { path: 'body.effectiveFrom', message: 'Choose today or a later date' },
    ]);
  }
}

/** An end that has already passed: ending an enrollment now is what DELETE does. */
function checkEnd(to: string | null, now: Date): void {
  if (to !== null && Date.parse(to) <= now.getTime()) {
    throw unprocessable('An enrollment cannot end in the past', [
      { path: 'body.effectiveTo', message: 'Choose a later date, or end the enrollment now' },
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

const OVERLAP_MESSAGE = 'The merchant is already enrolled in this product for part of that period';

export async function createEnrollment(
  db: Db,
  merchantId: string,
  body: EnrollmentCreate,
  now = new Date(),
): Promise<Enrollment> {
  // Enrolling needs a participation that has not ended.
  await programForMerchant(db, merchantId, body.programID, { active: true });
  const product = await findProduct(db, body.programID, body.paymentProductID);
  if (product === undefined) {
    throw unprocessable('The payment product is not part of this program', [
      { path: 'body.paymentProductID', message: 'Not a payment product of this program' },
    ]);
  }
  const from = body.effectiveFrom === undefined ? now.toISOString() : iso(body.effectiveFrom);
  const to = body.effectiveTo === undefined || body.effectiveTo === null ? null : iso(body.effectiveTo);
  if (to !== null && to <= from) throw invalid('body.effectiveTo', ENROLLMENT_TO_AFTER_FROM_MESSAGE);
  checkStart(from, now);
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
    if (overlap !== undefined) throw conflict(OVERLAP_MESSAGE);
    await insertEnrollment(trx, row);
  });
  return toEnrollment(row, now);
}

async function ownEnrollment(db: Db, merchantId: string, enrollmentId: string): Promise<EnrollmentRow> {
  const row = await findEnrollment(db, merchantId, enrollmentId);
  if (row === undefined) throw forbidden(ENROLLMENT_FORBIDDEN_MESSAGE);
  return row;
}

export async function updateEnrollment(
  db: Db,
  merchantId: string,
  enrollmentId: string,
  body: EnrollmentUpdate,
  now = new Date(),
): Promise<Enrollment> {
  return db.transaction().execute(async (trx) => {
    const current = await ownEnrollment(trx, merchantId, enrollmentId);
    await lockIfConcurrent(trx, merchantId, current.program_id);
    const status = enrollmentStatus(current.effective_from, current.effective_to, now);
    if (status === 'LAPSED') throw conflict('This enrollment has ended and can no longer change');
    const from = body.effectiveFrom === undefined ? current.effective_from : iso(body.effectiveFrom);
    const to =
      body.effectiveTo === undefined
        ? current.effective_to
        : body.effectiveTo === null
          ? null
          : iso(body.effectiveTo);
    if (to !== null && to <= from) throw invalid('body.effectiveTo', ENROLLMENT_TO_AFTER_FROM_MESSAGE);
    if (from !== current.effective_from) {
      if (status === 'ACTIVE') {
        throw unprocessable('An enrollment that has started keeps its start date', [
          { path: 'body.effectiveFrom', message: 'The start of an active enrollment cannot change' },
        ]);
      }
      checkStart(from, now);
    }
    if (to !== current.effective_to) checkEnd(to, now);
    const overlap = await findOverlappingEnrollment(trx, merchantId, current.payment_product_id, {
      from,
      to,
      exceptId: current.id,
    });
    if (overlap !== undefined) throw conflict(OVERLAP_MESSAGE);
    const updated: EnrollmentRow = {
      ...current,
      effective_from: from,
      effective_to: to,
      updated_at: now.toISOString(),
    };
    await setEnrollmentPeriod(trx, current.id, { from, to, at: updated.updated_at });
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
  now = new Date(),
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const current = await ownEnrollment(trx, merchantId, enrollmentId);
    const status = enrollmentStatus(current.effective_from, current.effective_to, now);
    if (status === 'LAPSED') throw conflict('This enrollment has already ended');
    // Not started (SCHEDULED, or starting this very millisecond, where an end of now would make the
    // period empty, which the table refuses).
    if (Date.parse(current.effective_from) >= now.getTime()) {
      await deleteEnrollment(trx, current.id);
      return;
    }
    const at = now.toISOString();
    await setEnrollmentPeriod(trx, current.id, { from: current.effective_from, to: at, at });
  });
}

/** What a transaction made from a cart of the program is: its first product's type, else instalments. */
export async function cartProductType(db: Db, programId: string): Promise<ProductType> {
  return (await firstProductType(db, programId)) ?? 'INSTALLMENTS';
}
