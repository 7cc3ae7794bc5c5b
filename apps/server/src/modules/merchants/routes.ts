import {
  currentMerchantEndpoint,
  merchantSettingsEndpoint,
  merchantsEndpoint,
  updateMerchantSettingsEndpoint,
} from '@portal/contracts/merchants-endpoints';
import { currentMerchantId } from '../../auth/access.js';
import type { AppModule } from '../../http/module.js';
import { route } from '../../http/route.js';
import { auditContextOf } from '../audit/record-audit.js';
import { currentMerchant, merchantsFor } from './service.js';
import { merchantSettings, updateMerchantSettings } from './settings-service.js';

/** The merchant chooser's list, the merchant of the caller's token and its General settings. */
export const merchantRoutes: AppModule = (app, { config, database }, done) => {
  route(app, merchantsEndpoint, async (request) => ({
    data: await merchantsFor(database.db, request.principal, config.brand, request.query),
  }));

  route(app, currentMerchantEndpoint, async (request) => ({
    data: await currentMerchant(database.db, currentMerchantId(request), config.brand),
  }));

  // The merchant is the token's, never one the request names: no other merchant can be read or changed.
  route(app, merchantSettingsEndpoint, async (request) => ({
    data: await merchantSettings(database.db, currentMerchantId(request), config.brand),
  }));

  route(app, updateMerchantSettingsEndpoint, async (request) => ({
    data: await updateMerchantSettings(
      database.db,
      auditContextOf(request),
      currentMerchantId(request),
      config.brand,
      request.body,
    ),
  }));

  done();
};
