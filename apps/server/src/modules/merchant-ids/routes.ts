import {
  issueVirtualCardEndpoint,
  merchantIdsEndpoint,
  registerMerchantIdEndpoint,
  validateMerchantIdEndpoint,
} from '@portal/contracts/merchant-ids-endpoints';
import { currentMerchantId } from '../../auth/access.js';
import type { AppModule } from '../../http/module.js';
import { route } from '../../http/route.js';
import { auditContextOf } from '../audit/record-audit.js';
import { issueVirtualCard, merchantIdOverview, registerMerchantId, validateMerchantId } from './service.js';

/** The merchant ID validation page and the merchant's virtual card. */
export const merchantIdRoutes: AppModule = (app, { database }, done) => {
  const { db } = database;

  route(app, merchantIdsEndpoint, async (request) => ({
    data: await merchantIdOverview(db, currentMerchantId(request)),
  }));

  route(app, registerMerchantIdEndpoint, async (request) => ({
    data: await registerMerchantId(db, auditContextOf(request), currentMerchantId(request), request.body),
  }));

  route(app, validateMerchantIdEndpoint, async (request) => ({
    data: await validateMerchantId(
      db,
      auditContextOf(request),
      currentMerchantId(request),
      request.params.merchantIdId,
    ),
  }));

  route(app, issueVirtualCardEndpoint, async (request) => ({
    data: await issueVirtualCard(db, auditContextOf(request), currentMerchantId(request)),
  }));

  done();
};
