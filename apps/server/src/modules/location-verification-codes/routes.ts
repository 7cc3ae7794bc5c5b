import {
  checkVerificationCodeEndpoint,
  generateLocationCodeEndpoint,
  listLocationCodesEndpoint,
  revokeLocationCodeEndpoint,
} from '@portal/contracts/location-verification-codes-endpoints';
import { merchantOfGuardedPage } from '../../auth/page-guards.js';
import type { AppModule } from '../../http/module.js';
import { route } from '../../http/route.js';
import { auditContextOf } from '../audit/record-audit.js';
import {
  checkVerificationCode,
  generateLocationCode,
  listLocationCodes,
  revokeLocationCode,
} from './service.js';

const PAGE = 'locationVerificationCodes';

/** The location verification codes page and the stores' public check. */
export const locationVerificationCodeRoutes: AppModule = (app, { database }, done) => {
  const { db } = database;

  route(app, listLocationCodesEndpoint, async (request) => ({
    data: { items: await listLocationCodes(db, await merchantOfGuardedPage(db, request, PAGE)) },
  }));

  route(app, generateLocationCodeEndpoint, async (request) => ({
    data: await generateLocationCode(
      db,
      auditContextOf(request),
      await merchantOfGuardedPage(db, request, PAGE),
      request.params.locationId,
    ),
  }));

  route(app, revokeLocationCodeEndpoint, async (request) => ({
    data: await revokeLocationCode(
      db,
      auditContextOf(request),
      await merchantOfGuardedPage(db, request, PAGE),
      request.params.locationId,
    ),
  }));

  // Limited per location in the database (service.ts), which holds across instances and addresses.
  route(app, checkVerificationCodeEndpoint, async (request) => ({
    data: await checkVerificationCode(db, request.body.locationId, request.body.code),
  }));

  done();
};
