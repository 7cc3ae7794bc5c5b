import {
  checkVerificationCodeEndpoint,
  generateLocationCodeEndpoint,
  listLocationCodesEndpoint,
  revokeLocationCodeEndpoint,
} from '@portal/contracts/location-verification-codes-endpoints';
import { currentMerchantId } from '../../auth/access.js';
import type { AppModule } from '../../http/module.js';
import { route } from '../../http/route.js';
import { auditContextOf } from '../audit/record-audit.js';
import {
  checkVerificationCode,
  generateLocationCode,
  listLocationCodes,
  revokeLocationCode,
} from './service.js';

/** The location verification codes page and the stores' public check. */
export const locationVerificationCodeRoutes: AppModule = (app, { database }, done) => {
  const { db } = database;

  route(app, listLocationCodesEndpoint, async (request) => ({
    data: { items: await listLocationCodes(db, currentMerchantId(request)) },
  }));

  route(app, generateLocationCodeEndpoint, async (request) => ({
    data: await generateLocationCode(
      db,
      auditContextOf(request),
      currentMerchantId(request),
      request.params.locationId,
    ),
  }));

  route(app, revokeLocationCodeEndpoint, async (request) => ({
    data: await revokeLocationCode(
      db,
      auditContextOf(request),
      currentMerchantId(request),
      request.params.locationId,
    ),
  }));

  // Limited per location in the database (service.ts), which holds across instances and addresses.
  route(app, checkVerificationCodeEndpoint, async (request) => ({
    data: await checkVerificationCode(db, request.body.locationId, request.body.code),
  }));

  done();
};
