import { z } from 'zod';
import { dataResponseSchema, listResponseSchema } from '@portal/contracts/api';
import {
  ENROLLMENTS_PATH,
  ENROLLMENT_PATH,
  PAYMENT_PRODUCTS_PATH,
  PAYMENT_PRODUCT_AGGREGATION_PATH,
  PAYMENT_PRODUCT_CONFIGURATIONS_PATH,
  enrollmentCreateSchema,
  enrollmentSchema,
  enrollmentUpdateSchema,
  enrollmentsQuerySchema,
  paymentProductAggregateSchema,
  paymentProductAggregationQuerySchema,
  paymentProductConfigurationSchema,
  paymentProductConfigurationsQuerySchema,
  paymentProductSchema,
  paymentProductsQuerySchema,
} from '@portal/contracts/payment-products';
import { SCOPES } from '@portal/contracts/scopes';
import { currentMerchantId } from '../../auth/access.js';
import { errorResponses } from '../../http/error-responses.js';
import { idempotent } from '../../http/idempotency.js';
import type { AppModule } from '../../http/module.js';
import {
  createEnrollment,
  endEnrollment,
  enrollments,
  paymentProductAggregation,
  paymentProductConfigurations,
  paymentProducts,
  updateEnrollment,
} from './service.js';

/**
 * Reads need `r:paymentProduct`, the scope of the payment-products page. Writes need it too, plus
 * `u:merchant.settings` (merchant edit): the specification has no payment-product write scope, and
 * enrolling changes the merchant's settings; so READ_ONLY and INTERNAL_SUPPORT read but never write.
 */
const READ = { scopes: [SCOPES.paymentProducts] } as const;
const WRITE = { scopes: [SCOPES.paymentProducts, SCOPES.merchantSettingsEdit] } as const;

const programParams = z.strictObject({ id: z.string().min(1).max(100) });
const enrollmentParams = z.strictObject({ enrollmentID: z.string().min(1).max(100) });

/** Payment products, configurations and enrollments (specification §7), of the token's merchant only. */
export const paymentProductRoutes: AppModule = (app, { database }, done) => {
  const { db } = database;

  app.get(
    PAYMENT_PRODUCTS_PATH,
    {
      config: { access: READ },
      schema: {
        tags: ['payment products'],
        summary: "The program's payment products",
        params: programParams,
        querystring: paymentProductsQuerySchema,
        response: { 200: listResponseSchema(paymentProductSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      data: await paymentProducts(db, currentMerchantId(request), request.params.id, request.query),
    }),
  );

  app.get(
    PAYMENT_PRODUCT_AGGREGATION_PATH,
    {
      config: { access: READ },
      schema: {
        tags: ['payment products'],
        summary: "Per product type: products, configurations and the merchant's active enrollments",
        params: programParams,
        querystring: paymentProductAggregationQuerySchema,
        response: {
          200: dataResponseSchema(z.array(paymentProductAggregateSchema)),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => ({
      data: await paymentProductAggregation(db, currentMerchantId(request), request.params.id, request.query),
    }),
  );

  app.get(
    PAYMENT_PRODUCT_CONFIGURATIONS_PATH,
    {
      config: { access: READ },
      schema: {
        tags: ['payment products'],
        summary: "The program's configuration values and the merchant's own",
        params: programParams,
        querystring: paymentProductConfigurationsQuerySchema,
        response: {
          200: listResponseSchema(paymentProductConfigurationSchema),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => ({
      data: await paymentProductConfigurations(
        db,
        currentMerchantId(request),
        request.params.id,
        request.query,
      ),
    }),
  );

  app.get(
    ENROLLMENTS_PATH,
    {
      config: { access: READ },
      schema: {
        tags: ['payment products'],
        summary: "The merchant's enrollments, by start",
        querystring: enrollmentsQuerySchema,
        response: { 200: listResponseSchema(enrollmentSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ data: await enrollments(db, currentMerchantId(request), request.query) }),
  );

  app.post(
    ENROLLMENTS_PATH,
    {
      config: { access: WRITE, idempotent: true },
      schema: {
        tags: ['payment products'],
        summary: 'Enrolls the merchant in a payment product of a program it takes part in',
        body: enrollmentCreateSchema,
        response: { 201: dataResponseSchema(enrollmentSchema), ...errorResponses(400, 401, 403, 409, 422) },
      },
    },
    async (request, reply) =>
      idempotent(request, reply, db, async (trx) => ({
        status: 201,
        body: { data: await createEnrollment(trx, currentMerchantId(request), request.body) },
      })),
  );

  app.patch(
    ENROLLMENT_PATH,
    {
      config: { access: WRITE },
      schema: {
        tags: ['payment products'],
        summary: "Changes an enrollment's dates; a started one keeps its start",
        params: enrollmentParams,
        body: enrollmentUpdateSchema,
        response: { 200: dataResponseSchema(enrollmentSchema), ...errorResponses(400, 401, 403, 409, 422) },
      },
    },
    async (request) => ({
      data: await updateEnrollment(db, currentMerchantId(request), request.params.enrollmentID, request.body),
    }),
  );

  app.delete(
    ENROLLMENT_PATH,
    {
      config: { access: WRITE },
      schema: {
        tags: ['payment products'],
        summary: 'Ends an enrollment now (kept as history); one not yet started is removed',
        params: enrollmentParams,
        response: { 204: z.null(), ...errorResponses(401, 403, 409) },
      },
    },
    async (request, reply) => {
      await endEnrollment(db, currentMerchantId(request), request.params.enrollmentID);
      return reply.code(204).send(null);
    },
  );

  done();
};
