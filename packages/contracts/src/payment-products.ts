import { z } from 'zod';
import { dateTime } from './date-time.js';
import { CONFIGURATION_KEYS, ENROLLMENT_STATUSES, OWNER_TYPES, PRODUCT_TYPES } from './enums.js';
import type { EnrollmentStatus } from './enums.js';
import { PLAN_FREQUENCIES } from './placements.js';

/** These lists are short (a program has a handful of products); one page of 200 holds them. */
export const PAYMENT_PRODUCTS_MAX_PAGE_SIZE = 200;

const pageQuery = {
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(PAYMENT_PRODUCTS_MAX_PAGE_SIZE)
    .default(PAYMENT_PRODUCTS_MAX_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).default(0),
};

export const paymentProductSchema = z.object({
  id: z.string(),
  programID: z.string(),
  productType: z.enum(PRODUCT_TYPES),
  name: z.string(),
  createdAt: dateTime,
});
export type PaymentProduct = z.infer<typeof paymentProductSchema>;

export const paymentProductsQuerySchema = z.strictObject({
  productType: z.enum(PRODUCT_TYPES).optional(),
  ...pageQuery,
});

/** One entry per product type, zeros included, in the order of PRODUCT_TYPES. */
export const paymentProductAggregateSchema = z.object({
  productType: z.enum(PRODUCT_TYPES),
  products: z.number().int().nonnegative(),
  /** The program's defaults plus the merchant's own values. */
  configurations: z.number().int().nonnegative(),
  /** The merchant's enrollments that are ACTIVE now. */
  activeEnrollments: z.number().int().nonnegative(),
});
export type PaymentProductAggregate = z.infer<typeof paymentProductAggregateSchema>;

export const paymentProductAggregationQuerySchema = z.strictObject({
  productType: z.enum(PRODUCT_TYPES).optional(),
});

/**
 * A configuration value (TYPE, NUMPAYMENTS, RATE). `ownerType` null is the program's default; MERCHANT
 * is the signed-in merchant's own value, which takes precedence over the default for that product and key.
 */
export const paymentProductConfigurationSchema = z.object({
  id: z.string(),
  programID: z.string(),
  paymentProductID: z.string(),
  key: z.enum(CONFIGURATION_KEYS),
  value: z.string(),
  ownerType: z.enum(OWNER_TYPES).nullable(),
  ownerID: z.string().nullable(),
});
export type PaymentProductConfiguration = z.infer<typeof paymentProductConfigurationSchema>;

export const paymentProductConfigurationsQuerySchema = z.strictObject({
  paymentProductID: z.string().min(1).max(100).optional(),
  key: z.enum(CONFIGURATION_KEYS).optional(),
  ...pageQuery,
});

export const enrollmentSchema = z.object({
  id: z.string(),
  merchantID: z.string(),
  programID: z.string(),
  paymentProductID: z.string(),
  effectiveFrom: dateTime,
  /** Null: open-ended. */
  effectiveTo: dateTime.nullable(),
  /** Computed from the effective dates at the time of the answer, never stored. */
  status: z.enum(ENROLLMENT_STATUSES),
  createdAt: dateTime,
  updatedAt: dateTime,
});
export type Enrollment = z.infer<typeof enrollmentSchema>;

export const enrollmentsQuerySchema = z.strictObject({
  programID: z.string().min(1).max(100).optional(),
  paymentProductID: z.string().min(1).max(100).optional(),
  status: z.enum(ENROLLMENT_STATUSES).optional(),
  ...pageQuery,
});

const TO_AFTER_FROM = 'effectiveTo must be after effectiveFrom';

/** The limits of a merchant's own terms (PRODUCT.md, "Settings"). */
export const NUM_PAYMENTS_MIN = 2;
export const NUM_PAYMENTS_MAX = 60;
/** 3600 basis points: 36 % APR. */
export const RATE_BPS_MAX = 3600;

/** Message keys of the terms' checks, the same in the form and in the server's field errors. */
export const ENROLLMENT_TERMS_MESSAGES = {
  numPayments: 'paymentProducts:validation.numPayments',
  rate: 'paymentProducts:validation.rate',
} as const;

/**
 * The merchant's own TYPE, NUMPAYMENTS and RATE of a product, which take precedence over the
 * program's defaults: NUMPAYMENTS a whole number 2–60, RATE whole basis points 0–3600.
 */
export const enrollmentTermsSchema = z.strictObject({
  TYPE: z.enum(PLAN_FREQUENCIES),
  NUMPAYMENTS: z
    .number()
    .int(ENROLLMENT_TERMS_MESSAGES.numPayments)
    .min(NUM_PAYMENTS_MIN, ENROLLMENT_TERMS_MESSAGES.numPayments)
    .max(NUM_PAYMENTS_MAX, ENROLLMENT_TERMS_MESSAGES.numPayments),
  RATE: z
    .number()
    .int(ENROLLMENT_TERMS_MESSAGES.rate)
    .min(0, ENROLLMENT_TERMS_MESSAGES.rate)
    .max(RATE_BPS_MAX, ENROLLMENT_TERMS_MESSAGES.rate),
});
export type EnrollmentTerms = z.infer<typeof enrollmentTermsSchema>;

/**
 * A date-time with an offset is that instant; a plain date is a day of the merchant's calendar and
 * means the start of that day in the merchant's time zone.
 */
const instantSchema = z.union([z.iso.datetime({ offset: true }), z.iso.date()]);

/** `effectiveFrom` defaults to now; `terms` also sets the merchant's own values of the product. */
export const enrollmentCreateSchema = z
  .strictObject({
    programID: z.string().min(1).max(100),
    paymentProductID: z.string().min(1).max(100),
    effectiveFrom: instantSchema.optional(),
    effectiveTo: instantSchema.nullable().optional(),
    terms: enrollmentTermsSchema.optional(),
  })
  .refine(
    (body) =>
      body.effectiveFrom === undefined ||
      body.effectiveTo === undefined ||
      body.effectiveTo === null ||
      Date.parse(body.effectiveTo) > Date.parse(body.effectiveFrom),
    { message: TO_AFTER_FROM, path: ['effectiveTo'] },
  );
export type EnrollmentCreate = z.infer<typeof enrollmentCreateSchema>;

/** A started enrollment keeps its start; `effectiveTo: null` makes it open-ended. */
export const enrollmentUpdateSchema = z
  .strictObject({
    effectiveFrom: instantSchema.optional(),
    effectiveTo: instantSchema.nullable().optional(),
    terms: enrollmentTermsSchema.optional(),
  })
  .refine(
    (body) => body.effectiveFrom !== undefined || body.effectiveTo !== undefined || body.terms !== undefined,
    {
      message: 'Nothing to change',
    },
  );
export type EnrollmentUpdate = z.infer<typeof enrollmentUpdateSchema>;

export const ENROLLMENT_TO_AFTER_FROM_MESSAGE = TO_AFTER_FROM;

/** SCHEDULED before its start, LAPSED from its end on, ACTIVE in between. */
export function enrollmentStatus(
  effectiveFrom: string,
  effectiveTo: string | null,
  now: Date = new Date(),
): EnrollmentStatus {
  const at = now.getTime();
  if (Date.parse(effectiveFrom) > at) return 'SCHEDULED';
  if (effectiveTo !== null && Date.parse(effectiveTo) <= at) return 'LAPSED';
  return 'ACTIVE';
}
