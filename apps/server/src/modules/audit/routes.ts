import {
  auditEntriesEndpoint,
  auditFacetsEndpoint,
  exportAuditEntriesEndpoint,
} from '@portal/contracts/audit-endpoints';
import { sendCsv } from '../../http/csv.js';
import type { AppModule } from '../../http/module.js';
import { route } from '../../http/route.js';
import { exportAuditEntries } from './export.js';
import { auditReaderOf } from './audit-reader.js';
import { auditContextOf, recordAudit } from './record-audit.js';
import { auditFacets, auditPage } from './service.js';

/**
 * Reading the audit log, as declared in `@portal/contracts/audit-endpoints`. Writing is `recordAudit`,
 * called by the module that makes each change.
 */
export const auditRoutes: AppModule = (app, { database }, done) => {
  const { db } = database;

  route(app, auditEntriesEndpoint, async (request) => ({
    data: await auditPage(db, auditReaderOf(request), request.query),
  }));

  route(app, auditFacetsEndpoint, async (request) => ({
    data: await auditFacets(db, auditReaderOf(request)),
  }));

  route(app, exportAuditEntriesEndpoint, async (request, reply) => {
    const reader = auditReaderOf(request);
    const { merchantId } = reader;
    const csv = await exportAuditEntries(database, reader, request.query);
    // Reading the log out of the portal is itself a change worth knowing about.
    await recordAudit(db, auditContextOf(request), {
      merchantId,
      kind: 'audit.exported',
      subjectType: 'audit',
      subjectId: null,
      after: { filter: request.query },
    });
    return sendCsv(reply, csv);
  });

  done();
};
