import {
  issueVirtualCardEndpoint,
  merchantIdsEndpoint,
  registerMerchantIdEndpoint,
  validateMerchantIdEndpoint,
} from '@portal/contracts/merchant-ids-endpoints';
import { merchantOfGuardedPage } from '../../auth/page-guards.js';
import type { AppModule } from '../../http/module.js';
import { route } from '../../http/route.js';
import { auditContextOf } from '../audit/record-audit.js';
import { issueVirtualCard, merchantIdOverview, registerMerchantId, validateMerchantId } from './service.js';

const PAGE = 'merchantIdValidation';

/** The merchant ID validation page and the merchant's virtual card. */
export const merchantIdRoutes: AppModule = (app, { database }, done) => {
  const { db } = database;

  route(app, merchantIdsEndpoint, async (request) => ({
    data: await merchantIdOverview(db, await merchantOfGuardedPage(db, request, PAGE)),
  }));

  route(app, registerMerchantIdEndpoint, async (request) => ({
    data: await registerMerchantId(
      db,
      auditContextOf(request),
      await merchantOfGuardedPage(db, request, PAGE),
      request.body,
    ),
  }));

  route(app, validateMerchantIdEndpoint, async (request) => ({
    data: await validateMerchantId(
      db,
      auditContextOf(request),
      await merchantOfGuardedPage(db, request, PAGE),
      request.params.merchantIdId,
    ),
  }));

  route(app, issueVirtualCardEndpoint, async (request) => ({
    data: await issueVirtualCard(db, auditContextOf(request), await merchantOfGuardedPage(db, request, PAGE)),
  }));

  done();
};
