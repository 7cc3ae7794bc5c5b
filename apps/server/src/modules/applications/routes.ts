import {
  createTargetingExportEndpoint,
  exportTargetingHistoryEndpoint,
  targetingExportFileEndpoint,
  targetingExportersEndpoint,
  targetingExportsEndpoint,
  targetingPreviewEndpoint,
} from '@portal/contracts/targeting-endpoints';
import { currentMerchantId } from '../../auth/access.js';
import { sendCsv } from '../../http/csv.js';
import type { AppModule } from '../../http/module.js';
import { route } from '../../http/route.js';
import { auditContextOf, recordAudit } from '../audit/record-audit.js';
import { targetingHistoryFile } from './history-file.js';
import {
  createTargetingExport,
  targetingExporters,
  targetingExportFile,
  targetingExports,
  targetingPreview,
} from './targeting.js';

/** The targeting export, as declared in `@portal/contracts/targeting-endpoints`. */
export const applicationRoutes: AppModule = (app, { database }, done) => {
  const { db } = database;

  route(app, targetingPreviewEndpoint, async (request) => ({
    data: await targetingPreview(db, currentMerchantId(request), request.query),
  }));

  route(app, createTargetingExportEndpoint, async (request) => ({
    data: await createTargetingExport(db, auditContextOf(request), currentMerchantId(request), request.body),
  }));

  route(app, targetingExportsEndpoint, async (request) => ({
    data: await targetingExports(db, currentMerchantId(request), request.query),
  }));

  route(app, targetingExportersEndpoint, async (request) => ({
    data: await targetingExporters(db, currentMerchantId(request)),
  }));

  route(app, targetingExportFileEndpoint, async (request, reply) => {
    const merchantId = currentMerchantId(request);
    const { csv, record } = await targetingExportFile(
      database,
      merchantId,
      request.params.id,
      request.query.locale,
    );
    // Each time the shoppers' data leaves the portal: who took which export's file.
    await recordAudit(db, auditContextOf(request), {
      merchantId,
      kind: 'targeting.downloaded',
      subjectType: 'targetingExport',
      subjectId: record.id,
      after: { rowCount: record.rowCount },
    });
    return sendCsv(reply, csv);
  });

  // The record of exports (who took which window and filters), not the shoppers: not audited again.
  route(app, exportTargetingHistoryEndpoint, async (request, reply) =>
    sendCsv(reply, await targetingHistoryFile(database, currentMerchantId(request), request.query)),
  );

  done();
};
