import { z } from 'zod';
import { dataResponseSchema } from '@portal/contracts/api';
import { SCOPES } from '@portal/contracts/scopes';
import {
  TRANSACTION_ACTION_PATHS,
  TRANSACTION_ACTIONS,
  TRANSACTION_EXPORT_PATH,
  TRANSACTION_LOCATIONS_PATH,
  TRANSACTION_PATH,
  TRANSACTION_TOTALS_PATH,
  TRANSACTIONS_PATH,
  locationOptionSchema,
  transactionActionBodySchema,
  transactionDetailSchema,
  transactionExportQuerySchema,
  transactionListQuerySchema,
  transactionListResponseSchema,
  transactionTotalsQuerySchema,
  transactionTotalsSchema,
} from '@portal/contracts/transactions';
import { currentMerchantId } from '../../auth/access.js';
import { sendCsv } from '../../http/csv.js';
import { errorResponses } from '../../http/error-responses.js';
import { idempotent } from '../../http/idempotency.js';
import type { AppModule } from '../../http/module.js';
import { auditContextOf, recordAudit } from '../audit/record-audit.js';
import { locationOptions } from '../locations/service.js';
import { exportTransactions } from './export.js';
import { listTransactionPage, performAction, transactionDetail, transactionTotals } from './service.js';

const idParams = z.strictObject({ id: z.string().trim().min(1).max(100) });

/**
 * The transaction list of issue 4: list, totals, detail, export and the settle/cancel/refund actions.
 * Reading needs the transactions page's access; acting needs READ/WRITE (`c:tx`). Everything is the
 * token's merchant's: another merchant's transaction answers as one that does not exist (403).
 */
export const transactionRoutes: AppModule = (app, { database }, done) => {
  const { db } = database;

  app.get(
    TRANSACTIONS_PATH,
    {
      config: { access: { page: 'transactions' } },
      schema: {
        tags: ['transactions'],
        summary: 'A page of the filtered, sorted transactions, by offset or by cursor',
        querystring: transactionListQuerySchema,
        response: { 200: transactionListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      data: await listTransactionPage(db, currentMerchantId(request), request.query),
    }),
  );

  app.get(
    TRANSACTION_TOTALS_PATH,
    {
      config: { access: { page: 'transactions' } },
      schema: {
        tags: ['transactions'],
        summary: 'Count and sums of the filtered transactions',
        querystring: transactionTotalsQuerySchema,
        response: { 200: dataResponseSchema(transactionTotalsSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      data: await transactionTotals(db, currentMerchantId(request), request.query),
    }),
  );

  app.get(
    TRANSACTION_EXPORT_PATH,
    {
      config: { access: { page: 'transactions' } },
      schema: {
        tags: ['transactions'],
        summary: 'The whole filtered list as CSV, streamed',
        querystring: transactionExportQuerySchema,
        description:
          'A CSV attachment (text/csv, UTF-8 with a byte order mark) of every matching transaction in the ' +
          "list's order; the header row names the merchant's time zone. Errors before the first row are JSON.",
        produces: ['text/csv', 'application/json'],
      },
    },
    async (request, reply) => {
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
    },
  );

  app.get(
    TRANSACTION_LOCATIONS_PATH,
    {
      config: { access: { page: 'transactions' } },
      schema: {
        tags: ['transactions'],
        summary: "The merchant's locations, for the location filter",
        response: {
          200: dataResponseSchema(z.object({ items: z.array(locationOptionSchema) })),
          ...errorResponses(401, 403),
        },
      },
    },
    async (request) => ({ data: { items: await locationOptions(db, currentMerchantId(request)) } }),
  );

  app.get(
    TRANSACTION_PATH,
    {
      config: { access: { page: 'transactions' } },
      schema: {
        tags: ['transactions'],
        summary: 'One transaction with its history',
        params: idParams,
        response: { 200: dataResponseSchema(transactionDetailSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      data: await transactionDetail(db, currentMerchantId(request), request.params.id),
    }),
  );

  for (const action of TRANSACTION_ACTIONS) {
    app.post(
      TRANSACTION_ACTION_PATHS[action],
      {
        config: { access: { scopes: [SCOPES.transactionsWrite] }, idempotent: true },
        schema: {
          tags: ['transactions'],
          summary: `${action[0]?.toUpperCase() ?? ''}${action.slice(1)}s all that is left, or body.amount`,
          params: idParams,
          body: transactionActionBodySchema,
          response: {
            200: dataResponseSchema(transactionDetailSchema),
            ...errorResponses(400, 401, 403, 409, 422),
          },
        },
      },
      async (request, reply) =>
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
