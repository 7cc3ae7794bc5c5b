import { z } from 'zod';
import { dataResponseSchema } from './api.js';
import { cartDetailSchema, cartInputSchema } from './carts.js';
import { defineEndpoint } from './endpoint.js';
import {
  transactionDetailSchema,
  transactionListQuerySchema,
  transactionListResponseSchema,
} from './transactions.js';

/**
 * The merchant API (issue 14, docs/decisions/0013-merchant-api-keys.md): the merchant's own servers
 * call it with an access key (`Authorization: Bearer <key id>.<secret>`), never a portal token. Each
 * call reaches the key's merchant only and answers as the portal's call of the same name does.
 */
const tags = ['merchant-api'];
const description =
  'Authenticated by an access key: `Authorization: Bearer <key id>.sk_…` (the secret shown when the ' +
  'key was created or rotated). 401 for a malformed, unknown, expired or revoked key; 403 when its ' +
  'scopes do not grant the call.';

export const merchantApiCreateCartEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/merchant-api/v1/carts',
  body: cartInputSchema,
  answer: { status: 201, schema: dataResponseSchema(cartDetailSchema) },
  access: { apiKey: { resource: 'carts', level: 'write' }, hiddenWithPage: 'cartCreate' },
  idempotent: true,
  summary: 'Creates a cart (ACTIVE) with its checkout link',
  description,
  tags,
  errors: [400, 401, 403, 404],
});

export const merchantApiTransactionsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/merchant-api/v1/transactions',
  query: transactionListQuerySchema,
  answer: { status: 200, schema: transactionListResponseSchema },
  access: { apiKey: { resource: 'transactions', level: 'read' } },
  summary: "A page of the key's merchant's transactions, filtered and sorted as in the portal",
  description,
  tags,
  errors: [400, 401, 403],
});

export const merchantApiTransactionEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/merchant-api/v1/transactions/:id',
  params: z.strictObject({ id: z.string().trim().min(1).max(100) }),
  answer: { status: 200, schema: dataResponseSchema(transactionDetailSchema) },
  access: { apiKey: { resource: 'transactions', level: 'read' } },
  summary: "One transaction with its history; another merchant's id is 404 like an unknown one",
  description,
  tags,
  errors: [400, 401, 403, 404],
});
