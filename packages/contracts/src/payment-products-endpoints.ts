import { z } from 'zod';
import { dataResponseSchema, listResponseSchema } from './api.js';
import { defineEndpoint } from './endpoint.js';
import {
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
} from './payment-products.js';
import { SCOPES } from './scopes.js';

/**
 * Payment products, configurations and enrollments (specification §7), of the token's merchant only.
 * Reads need `r:paymentProduct`, the scope of the payment-products page. Writes need it too, plus
 * `u:merchant.settings` (merchant edit): the specification has no payment-product write scope, and
 * enrolling changes the merchant's settings; so READ_ONLY and INTERNAL_SUPPORT read but never write.
 */
const tags = ['payment products'];
const read = { scopes: [SCOPES.paymentProducts] };
const write = { scopes: [SCOPES.paymentProducts, SCOPES.merchantSettingsEdit] };
const programParams = z.strictObject({ id: z.string().min(1).max(100) });
const enrollmentParams = z.strictObject({ enrollmentID: z.string().min(1).max(100) });
const oneEnrollment = dataResponseSchema(enrollmentSchema);

export const paymentProductsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/program/:id/payment-product',
  params: programParams,
  query: paymentProductsQuerySchema,
  answer: { status: 200, schema: listResponseSchema(paymentProductSchema) },
  access: read,
  summary: "The program's payment products",
  tags,
  errors: [400, 401, 403],
});

export const paymentProductAggregationEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/program/:id/payment-product/aggregation',
  params: programParams,
  query: paymentProductAggregationQuerySchema,
  answer: { status: 200, schema: dataResponseSchema(z.array(paymentProductAggregateSchema)) },
  access: read,
  summary: "Per product type: products, configurations and the merchant's active enrollments",
  tags,
  errors: [400, 401, 403],
});

export const paymentProductConfigurationsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/program/:id/payment-product-configuration',
  params: programParams,
  query: paymentProductConfigurationsQuerySchema,
  answer: { status: 200, schema: listResponseSchema(paymentProductConfigurationSchema) },
  access: read,
  summary: "The program's configuration values and the merchant's own",
  tags,
  errors: [400, 401, 403],
});

export const enrollmentsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/payment-product-enrollment',
  query: enrollmentsQuerySchema,
  answer: { status: 200, schema: listResponseSchema(enrollmentSchema) },
  access: read,
  summary: "The merchant's enrollments, by start",
  tags,
  errors: [400, 401, 403],
});

export const createEnrollmentEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/payment-product-enrollment',
  body: enrollmentCreateSchema,
  answer: { status: 201, schema: oneEnrollment },
  access: write,
  idempotent: true,
  summary: 'Enrolls the merchant in a payment product of a program it takes part in',
  tags,
  errors: [400, 401, 403, 409, 422],
});

export const updateEnrollmentEndpoint = defineEndpoint({
  method: 'PATCH',
  path: '/api/payment-product-enrollment/:enrollmentID',
  params: enrollmentParams,
  body: enrollmentUpdateSchema,
  answer: { status: 200, schema: oneEnrollment },
  access: write,
  summary: "Changes an enrollment's dates; a started one keeps its start",
  tags,
  errors: [400, 401, 403, 409, 422],
});

export const endEnrollmentEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/api/payment-product-enrollment/:enrollmentID',
  params: enrollmentParams,
  answer: { status: 204 },
  access: write,
  summary: 'Ends an enrollment now (kept as history); one not yet started is removed',
  tags,
  errors: [401, 403, 409],
});
