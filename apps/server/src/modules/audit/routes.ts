import { dataResponseSchema } from '@portal/contracts/api';
import {
  AUDIT_ENTRIES_PATH,
  AUDIT_EXPORT_PATH,
  AUDIT_FACETS_PATH,
  auditExportQuerySchema,
  auditFacetsSchema,
  auditListQuerySchema,
  auditPageSchema,
} from '@portal/contracts/audit';
import { currentMerchantId } from '../../auth/access.js';
import { sendCsv } from '../../http/csv.js';
import { errorResponses } from '../../http/error-responses.js';
import type { AppModule } from '../../http/module.js';
import { exportAuditEntries } from './export.js';
import { auditContextOf, recordAudit } from './record-audit.js';
import { auditFacets, auditPage } from './service.js';

/**
 * Reading the audit log (scope `r:merchant.audit`, through the audit-log page's access): the token's
 * merchant's entries only. Writing is `recordAudit`, called by the module that makes each change.
 */
export const auditRoutes: AppModule = (app, { database }, done) => {
  const { db } = database;

  app.get(
    AUDIT_ENTRIES_PATH,
    {
      config: { access: { page: 'auditLog' } },
      schema: {
        tags: ['audit'],
        summary: "A page of the merchant's audit log, by date",
        querystring: auditListQuerySchema,
        response: { 200: auditPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ data: await auditPage(db, currentMerchantId(request), request.query) }),
  );

  app.get(
    AUDIT_FACETS_PATH,
    {
      config: { access: { page: 'auditLog' } },
      schema: {
        tags: ['audit'],
        summary: "The users and kinds of change in the merchant's log, for the filters",
        response: { 200: dataResponseSchema(auditFacetsSchema), ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ data: await auditFacets(db, currentMerchantId(request)) }),
  );

  app.get(
    AUDIT_EXPORT_PATH,
    {
      config: { access: { page: 'auditLog' } },
      schema: {
        tags: ['audit'],
        summary: 'The whole filtered log as CSV, streamed',
        querystring: auditExportQuerySchema,
        description:
          'A CSV attachment (text/csv, UTF-8 with a byte order mark) of every matching entry; the header ' +
          "row names the merchant's time zone. Errors before the first row are JSON.",
        produces: ['text/csv', 'application/json'],
      },
    },
    async (request, reply) => {
      const merchantId = currentMerchantId(request);
      const csv = await exportAuditEntries(database, merchantId, request.query);
      // Reading the log out of the portal is itself a change worth knowing about.
      await recordAudit(db, auditContextOf(request), {
        merchantId,
        kind: 'audit.exported',
        subjectType: 'audit',
        subjectId: null,
        after: { filter: request.query },
      });
      return sendCsv(reply, csv);
    },
  );

  done();
};
