import {
  exportTransactionsEndpoint,
  listTransactionsEndpoint,
  transactionActionEndpoints,
  transactionEndpoint,
  transactionLocationsEndpoint,
  transactionTotalsEndpoint,
} from '@portal/contracts/transactions-endpoints';
import { TRANSACTION_ACTIONS } from '@portal/contracts/transactions';
import { currentMerchantId } from '../../auth/access.js';
import { sendCsv } from '../../http/csv.js';
import { idempotent } from '../../http/idempotency.js';
import type { AppModule } from '../../http/module.js';
import { route } from '../../http/route.js';
import { auditContextOf, recordAudit } from '../audit/record-audit.js';
import { locationOptions } from '../locations/service.js';
import { exportTransactions } from './export.js';
import { listTransactionPage, performAction, transactionDetail, transactionTotals } from './service.js';

/** The transaction list of issue 4, as declared in `@portal/contracts/transactions-endpoints`. */
export const transactionRoutes: AppModule = (app, { database }, done) => {
  const { db } = database;

  route(app, listTransactionsEndpoint, async (request) => ({
    data: await listTransactionPage(db, currentMerchantId(request), request.query),
  }));

  route(app, transactionTotalsEndpoint, async (request) => ({
    data: await transactionTotals(db, currentMerchantId(request), request.query),
  }));

  route(app, exportTransactionsEndpoint, async (request, reply) => {
    const merchantId = currentMerchantId(request);
    const csv = await exportTransactions(database, merchantId, request.query);
    // Customer data leaving the portal: who took which list.
    await recordAudit(db, auditContextOf(request), {
      merchantId,
      kind: 'transaction.exported',
      subjectType: 'transaction',
      subjectId: null,
      after: { filter: request.query },
    });
    return sendCsv(reply, csv);
  });

  route(app, transactionLocationsEndpoint, async (request) => ({
    data: { items: await locationOptions(db, currentMerchantId(request)) },
  }));

  route(app, transactionEndpoint, async (request) => ({
    data: await transactionDetail(db, currentMerchantId(request), request.params.id),
  }));

  for (const action of TRANSACTION_ACTIONS) {
    route(app, transactionActionEndpoints[action], async (request, reply) =>
      idempotent(request, reply, db, async (trx) => ({
        status: 200,
        body: {
          data: await performAction(trx, {
            merchantId: currentMerchantId(request),
            transactionId: request.params.id,
            action,
            body: request.body,
            actor: { userId: request.principal.userId, email: request.principal.email },
            audit: auditContextOf(request),
          }),
        },
      })),
    );
  }

  done();
};
