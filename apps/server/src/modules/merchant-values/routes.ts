import {
  merchantValuesEndpoint,
  updateMerchantValuesEndpoint,
} from '@portal/contracts/merchant-values-endpoints';
import { requireMerchant } from '../../auth/access.js';
import type { AppModule } from '../../http/module.js';
import { route } from '../../http/route.js';
import { auditContextOf } from '../audit/record-audit.js';
import { merchantValues, updateMerchantValues } from './service.js';

/** Internal merchant values per program (specification §7): provider staff's internal settings. */
export const merchantValueRoutes: AppModule = (app, { database }, done) => {
  route(app, merchantValuesEndpoint, async (request) => {
    const { programID, merchantID } = request.params;
    requireMerchant(request, merchantID);
    return { data: await merchantValues(database.db, programID, merchantID) };
  });

  route(app, updateMerchantValuesEndpoint, async (request) => {
    const { programID, merchantID } = request.params;
    requireMerchant(request, merchantID);
    return {
      data: await updateMerchantValues(
        database.db,
        auditContextOf(request),
        programID,
        merchantID,
        request.body,
      ),
    };
  });

  done();
};
