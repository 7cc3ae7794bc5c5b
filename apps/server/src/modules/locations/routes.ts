import {
  createLocationEndpoint,
  exportLocationsEndpoint,
  listLocationsEndpoint,
  locationEndpoint,
  locationStatusEndpoints,
  updateLocationEndpoint,
} from '@portal/contracts/locations-endpoints';
import { LOCATION_STATUS_ACTIONS } from '@portal/contracts/locations';
import { currentMerchantId } from '../../auth/access.js';
import { sendCsv } from '../../http/csv.js';
import { idempotent } from '../../http/idempotency.js';
import type { AppModule } from '../../http/module.js';
import { route } from '../../http/route.js';
import { auditContextOf, recordAudit } from '../audit/record-audit.js';
import { exportLocations } from './export.js';
import {
  changeLocationStatus,
  createLocation,
  locationDetail,
  locationPage,
  updateLocation,
} from './service.js';

/**
 * The locations page's calls, as declared in `@portal/contracts/locations-endpoints`. The access hook
 * checks the page's scope, brand and the merchant's `isLocationPageEnabled` flag before any of them.
 */
export const locationRoutes: AppModule = (app, { database }, done) => {
  const { db } = database;

  route(app, listLocationsEndpoint, async (request) => ({
    data: await locationPage(db, currentMerchantId(request), request.query),
  }));

  route(app, exportLocationsEndpoint, async (request, reply) => {
    const merchantId = currentMerchantId(request);
    const csv = await exportLocations(db, merchantId, request.query);
    // The merchant's store list leaving the portal: who took which list.
    await recordAudit(db, auditContextOf(request), {
      merchantId,
      kind: 'location.exported',
      subjectType: 'location',
      subjectId: null,
      after: { filter: request.query },
    });
    return sendCsv(reply, csv);
  });

  route(app, locationEndpoint, async (request) => ({
    data: await locationDetail(db, currentMerchantId(request), request.params.locationId),
  }));

  route(app, createLocationEndpoint, async (request, reply) =>
    idempotent(request, reply, db, async (trx) => ({
      status: 201,
      body: {
        data: await createLocation(trx, auditContextOf(request), currentMerchantId(request), request.body),
      },
    })),
  );

  route(app, updateLocationEndpoint, async (request) => ({
    data: await updateLocation(
      db,
      auditContextOf(request),
      currentMerchantId(request),
      request.params.locationId,
      request.body,
    ),
  }));

  for (const action of LOCATION_STATUS_ACTIONS) {
    route(app, locationStatusEndpoints[action], async (request) => ({
      data: await changeLocationStatus(
        db,
        auditContextOf(request),
        currentMerchantId(request),
        request.params.locationId,
        action,
      ),
    }));
  }

  done();
};
