import {
  depositCalendarEndpoint,
  fundingConfigurationEndpoint,
  updateFundingConfigurationEndpoint,
} from '@portal/contracts/funding-endpoints';
import { currentMerchantId, requireMerchant } from '../../auth/access.js';
import type { AppModule } from '../../http/module.js';
import { route } from '../../http/route.js';
import { auditContextOf } from '../audit/record-audit.js';
import { depositCalendar, fundingConfiguration, updateFundingConfiguration } from './service.js';

/**
 * The merchant's funding settings (specification §7): payout frequency and settlement mode, and the
 * deposit days they give.
 */
export const fundingRoutes: AppModule = (app, { database }, done) => {
  route(app, fundingConfigurationEndpoint, async (request) => {
    const merchantId = request.query['merchantID.eq'];
    if (merchantId !== undefined) requireMerchant(request, merchantId);
    return { data: await fundingConfiguration(database.db, currentMerchantId(request)) };
  });

  route(app, updateFundingConfigurationEndpoint, async (request) => ({
    data: await updateFundingConfiguration(
      database.db,
      auditContextOf(request),
      currentMerchantId(request),
      request.params.configurationID,
      request.body,
    ),
  }));

  route(app, depositCalendarEndpoint, async (request) => ({
    data: await depositCalendar(database.db, currentMerchantId(request), request.query),
  }));

  done();
};
