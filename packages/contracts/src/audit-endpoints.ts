import { dataResponseSchema } from './api.js';
import { auditExportQuerySchema, auditFacetsSchema, auditListQuerySchema, auditPageSchema } from './audit.js';
import { defineEndpoint } from './endpoint.js';

/**
 * Reading the audit log (scope `r:merchant.audit`, through the audit-log page's access): the token's
 * merchant's entries only.
 */
const tags = ['audit'];
const read = { page: 'auditLog' } as const;

export const auditEntriesEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/audit-entries',
  query: auditListQuerySchema,
  answer: { status: 200, schema: auditPageSchema },
  access: read,
  summary: "A page of the merchant's audit log, by date",
  tags,
  errors: [400, 401, 403],
});

export const auditFacetsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/audit-entries/facets',
  answer: { status: 200, schema: dataResponseSchema(auditFacetsSchema) },
  access: read,
  summary: "The users and kinds of change in the merchant's log, for the filters",
  tags,
  errors: [401, 403],
});

export const exportAuditEntriesEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/audit-entries/export.csv',
  query: auditExportQuerySchema,
  answer: { status: 200, file: 'text/csv' },
  access: read,
  summary: 'The whole filtered log as CSV, streamed',
  description:
    'A CSV attachment (text/csv, UTF-8 with a byte order mark) of every matching entry; the header ' +
    "row names the merchant's time zone. Errors before the first row are JSON.",
  tags,
  errors: [400, 401, 403],
});
