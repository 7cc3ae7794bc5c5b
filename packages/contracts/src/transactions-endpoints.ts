import { z } from 'zod';
import { dataResponseSchema } from './api.js';
import { defineEndpoint } from './endpoint.js';
import { SCOPES } from './scopes.js';
import {
  locationOptionSchema,
  transactionActionBodySchema,
  transactionDetailSchema,
  transactionExportQuerySchema,
  transactionListQuerySchema,
  transactionListResponseSchema,
  transactionTotalsQuerySchema,
  transactionTotalsSchema,
  type TransactionAction,
} from './transactions.js';

/**
 * The transaction list of issue 4: list, totals, detail, export and the settle/cancel/refund actions.
 * Reading needs the transactions page's access; acting needs READ/WRITE (`c:tx`). Everything is the
 * token's merchant's: another merchant's transaction answers as one that does not exist (403).
 */
const tags = ['transactions'];
const read = { page: 'transactions' } as const;
const idParams = z.strictObject({ id: z.string().trim().min(1).max(100) });
const oneTransaction = { status: 200, schema: dataResponseSchema(transactionDetailSchema) } as const;

export const listTransactionsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/transactions',
  query: transactionListQuerySchema,
  answer: { status: 200, schema: transactionListResponseSchema },
  access: read,
  summary: 'A page of the filtered, sorted transactions, by offset or by cursor',
  tags,
  errors: [400, 401, 403],
});

export const transactionTotalsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/transactions/totals',
  query: transactionTotalsQuerySchema,
  answer: { status: 200, schema: dataResponseSchema(transactionTotalsSchema) },
  access: read,
  summary: 'Count and sums of the filtered transactions',
  tags,
  errors: [400, 401, 403],
});

export const exportTransactionsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/transactions/export.csv',
  query: transactionExportQuerySchema,
  answer: { status: 200, file: 'text/csv' },
  access: read,
  summary: 'The whole filtered list as CSV, streamed',
  description:
    'A CSV attachment (text/csv, UTF-8 with a byte order mark) of every matching transaction in the ' +
    "list's order; the header row names the merchant's time zone. Errors before the first row are JSON.",
  tags,
  errors: [400, 401, 403],
});

/** The merchant's locations, for the list's location filter (the locations page has its own calls). */
export const transactionLocationsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/transactions/locations',
  answer: { status: 200, schema: dataResponseSchema(z.object({ items: z.array(locationOptionSchema) })) },
  access: read,
  summary: "The merchant's locations, for the location filter",
  tags,
  errors: [401, 403],
});

export const transactionEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/transactions/:id',
  params: idParams,
  answer: oneTransaction,
  access: read,
  summary: "One transaction with its history; another merchant's id is 404 like an unknown one",
  tags,
  errors: [400, 401, 403, 404],
});

function transactionActionEndpoint(action: TransactionAction) {
  return defineEndpoint({
    method: 'POST',
    path: `/api/transactions/:id/${action}`,
    params: idParams,
    body: transactionActionBodySchema,
    answer: oneTransaction,
    access: { scopes: [SCOPES.transactionsWrite] },
    idempotent: true,
    summary: `${action[0]?.toUpperCase() ?? ''}${action.slice(1)}s all that is left, or body.amount`,
    tags,
    errors: [400, 401, 403, 404, 409, 422],
  });
}

export const transactionActionEndpoints = {
  settle: transactionActionEndpoint('settle'),
  cancel: transactionActionEndpoint('cancel'),
  refund: transactionActionEndpoint('refund'),
} as const satisfies Record<TransactionAction, unknown>;
