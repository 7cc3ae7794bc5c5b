import { z } from 'zod';
import { dataResponseSchema } from './api.js';
import { defineEndpoint } from './endpoint.js';
import { SCOPES } from './scopes.js';
import {
  depositDetailSchema,
  depositEventsQuerySchema,
  nextDepositSchema,
  settlementExportQuerySchema,
  settlementRangeQuerySchema,
  settlementReportSchema,
  settlementSubscriptionBodySchema,
  settlementSubscriptionSchema,
} from './settlement.js';

/**
 * The settlement report (bread only): deposits over a range with their sums, one deposit's funding
 * events, the next deposit, the downloads, and the recipients of the summary e-mail. Everything is the
 * token's merchant's: another merchant's deposit answers as one that does not exist (404).
 */
const tags = ['settlement'];
const read = { page: 'settlementReport' } as const;
/**
 * A recipient receives the merchant's deposits by e-mail, like a user who may read them: adding one is
 * user management (ADMIN), not a setting every USER may change.
 */
const manageRecipients = { page: 'settlementReport', scopes: [SCOPES.usersWrite] } as const;

export const settlementReportEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/settlement/deposits',
  query: settlementRangeQuerySchema,
  answer: { status: 200, schema: dataResponseSchema(settlementReportSchema) },
  access: read,
  summary: 'The deposits of a range of days with their sums, and the fees and net by program',
  tags,
  errors: [400, 401, 403, 404, 422],
});

export const depositEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/settlement/deposits/:id',
  params: z.strictObject({ id: z.string().trim().min(1).max(100) }),
  query: depositEventsQuerySchema,
  answer: { status: 200, schema: dataResponseSchema(depositDetailSchema) },
  access: read,
  summary: "One deposit with a page of its funding events; another merchant's id is 404 like an unknown one",
  tags,
  errors: [400, 401, 403, 404],
});

export const nextDepositEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/settlement/next-deposit',
  answer: { status: 200, schema: dataResponseSchema(nextDepositSchema) },
  access: read,
  summary: 'The next deposit by the payout schedule, with what it holds so far',
  tags,
  errors: [401, 403, 404],
});

export const exportSettlementCsvEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/settlement/export.csv',
  query: settlementExportQuerySchema,
  answer: { status: 200, file: 'text/csv' },
  access: read,
  summary: 'The funding events of the deposits of a range as CSV, with a totals row, streamed',
  tags,
  errors: [400, 401, 403, 404, 422],
});

export const exportSettlementXlsxEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/settlement/export.xlsx',
  query: settlementExportQuerySchema,
  answer: {
    status: 200,
    file: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  },
  access: read,
  summary: 'The same rows as the CSV as a spreadsheet (typed dates and amounts), streamed',
  tags,
  errors: [400, 401, 403, 404, 422],
});

export const settlementSubscriptionsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/settlement/subscriptions',
  answer: {
    status: 200,
    schema: dataResponseSchema(z.object({ items: z.array(settlementSubscriptionSchema) })),
  },
  access: manageRecipients,
  summary: 'The recipients of the settlement summary e-mail',
  tags,
  errors: [401, 403, 404],
});

export const addSettlementSubscriptionEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/settlement/subscriptions',
  body: settlementSubscriptionBodySchema,
  answer: { status: 201, schema: dataResponseSchema(settlementSubscriptionSchema) },
  access: manageRecipients,
  summary: 'Sends the daily or weekly settlement summary to one more address',
  tags,
  errors: [400, 401, 403, 404, 409],
});

export const removeSettlementSubscriptionEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/api/settlement/subscriptions/:id',
  params: z.strictObject({ id: z.string().trim().min(1).max(100) }),
  answer: { status: 204 },
  access: manageRecipients,
  summary: 'Stops a settlement summary',
  tags,
  errors: [400, 401, 403, 404],
});
