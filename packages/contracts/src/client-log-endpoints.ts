import { clientLogEntrySchema, clientLogResponseSchema } from './client-log.js';
import { defineEndpoint } from './endpoint.js';

/**
 * The portal's own error reports (specification §7). Public, because the portal reports failures of
 * signing in too; the server limits the body and the rate.
 */
export const clientLogEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/merchant-portal-backend/log',
  body: clientLogEntrySchema,
  answer: { status: 200, schema: clientLogResponseSchema },
  access: 'public',
  summary: 'Records an error, warning or notice of the portal (no sign-in needed)',
  tags: ['portal'],
  errors: [400, 413, 429],
});
