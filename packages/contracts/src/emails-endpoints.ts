import { z } from 'zod';
import { dataResponseSchema } from './api.js';
import { emailDetailSchema, emailListQuerySchema, emailListResponseSchema } from './emails.js';
import { defineEndpoint } from './endpoint.js';

/**
 * The outbox for provider staff: every message the portal queued, of every merchant, with its delivery
 * state (docs/decisions/0007).
 */
const tags = ['emails'];
const read = { page: 'outbox' } as const;

export const emailsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/emails',
  query: emailListQuerySchema,
  answer: { status: 200, schema: emailListResponseSchema },
  access: read,
  summary: 'A page of the outbox, newest first',
  tags,
  errors: [400, 401, 403],
});

export const emailEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/emails/:emailId',
  params: z.strictObject({ emailId: z.uuid() }),
  answer: { status: 200, schema: dataResponseSchema(emailDetailSchema) },
  access: read,
  summary: 'One message with its HTML and text (null, with the reason, when they are withheld)',
  tags,
  errors: [400, 401, 403, 404],
});
