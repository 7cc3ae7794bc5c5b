import {
  addSettlementSubscriptionEndpoint,
  depositEndpoint,
  exportSettlementCsvEndpoint,
  exportSettlementXlsxEndpoint,
  nextDepositEndpoint,
  removeSettlementSubscriptionEndpoint,
  settlementReportEndpoint,
  settlementSubscriptionsEndpoint,
} from '@portal/contracts/settlement-endpoints';
import type { SettlementExportQuery } from '@portal/contracts/settlement';
import type { FastifyRequest } from 'fastify';
import { currentMerchantId } from '../../auth/access.js';
import type { Database } from '../../db/schema.js';
import type { AppModule } from '../../http/module.js';
import { runPeriodically } from '../../http/periodic-job.js';
import { route } from '../../http/route.js';
import { auditContextOf, recordAudit } from '../audit/record-audit.js';
import type { Kysely } from 'kysely';
import { sendSettlementCsv, sendSettlementXlsx } from './export.js';
import { queueDueSummaries, SUMMARY_POLL_MS } from './summary-job.js';
import {
  addSettlementSubscription,
  depositDetail,
  nextDeposit,
  removeSettlementSubscription,
  settlementReport,
  settlementSubscriptions,
} from './service.js';

/** Deposit data leaving the portal: who took which range, in which format. */
async function auditExport(
  db: Kysely<Database>,
  request: FastifyRequest,
  merchantId: string,
  query: SettlementExportQuery,
  format: 'csv' | 'xlsx',
): Promise<void> {
  await recordAudit(db, auditContextOf(request), {
    merchantId,
    kind: 'settlement.exported',
    subjectType: 'settlement',
    subjectId: null,
    after: { from: query.from, to: query.to, format },
  });
}

/** The settlement report, as declared in `@portal/contracts/settlement-endpoints`. */
export const settlementRoutes: AppModule = (app, { config, database }, done) => {
  const { db } = database;

  // The summaries of the day, looked for periodically by one instance; tests call queueDueSummaries.
  runPeriodically(app, db, {
    name: 'settlement-summaries',
    periodMs: SUMMARY_POLL_MS,
    run: async () => {
      if ((await queueDueSummaries(db, config)) > 0) app.mail.deliverSoon();
    },
    failure: 'Queueing the settlement summaries failed',
  });

  route(app, settlementReportEndpoint, async (request) => ({
    data: await settlementReport(db, currentMerchantId(request), request.query),
  }));

  route(app, depositEndpoint, async (request) => ({
    data: await depositDetail(db, currentMerchantId(request), request.params.id, request.query.offset),
  }));

  route(app, nextDepositEndpoint, async (request) => ({
    data: await nextDeposit(db, currentMerchantId(request)),
  }));

  route(app, exportSettlementCsvEndpoint, async (request, reply) => {
    const merchantId = currentMerchantId(request);
    const sent = await sendSettlementCsv(reply, database, merchantId, request.query);
    await auditExport(db, request, merchantId, request.query, 'csv');
    return sent;
  });

  route(app, exportSettlementXlsxEndpoint, async (request, reply) => {
    const merchantId = currentMerchantId(request);
    const sent = await sendSettlementXlsx(reply, database, merchantId, request.query);
    await auditExport(db, request, merchantId, request.query, 'xlsx');
    return sent;
  });

  route(app, settlementSubscriptionsEndpoint, async (request) => ({
    data: { items: await settlementSubscriptions(db, currentMerchantId(request)) },
  }));

  route(app, addSettlementSubscriptionEndpoint, async (request, reply) => {
    const merchantId = currentMerchantId(request);
    const subscription = await db.transaction().execute(async (trx) => {
      const added = await addSettlementSubscription(trx, merchantId, request.body);
      await recordAudit(trx, auditContextOf(request), {
        merchantId,
        kind: 'settlement.subscribed',
        subjectType: 'settlement_subscription',
        subjectId: added.id,
        after: { email: added.email, frequency: added.frequency },
      });
      return added;
    });
    return reply.code(201).send({ data: subscription });
  });

  route(app, removeSettlementSubscriptionEndpoint, async (request, reply) => {
    const merchantId = currentMerchantId(request);
    await db.transaction().execute(async (trx) => {
      await removeSettlementSubscription(trx, merchantId, request.params.id);
      await recordAudit(trx, auditContextOf(request), {
        merchantId,
        kind: 'settlement.unsubscribed',
        subjectType: 'settlement_subscription',
        subjectId: request.params.id,
      });
    });
    return reply.send(null);
  });

  done();
};
