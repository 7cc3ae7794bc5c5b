import {
  createEnrollmentEndpoint,
  endEnrollmentEndpoint,
  enrollmentsEndpoint,
  paymentProductAggregationEndpoint,
  paymentProductConfigurationsEndpoint,
  paymentProductsEndpoint,
  updateEnrollmentEndpoint,
} from '@portal/contracts/payment-products-endpoints';
import { currentMerchantId } from '../../auth/access.js';
import { auditContextOf } from '../audit/record-audit.js';
import { idempotent } from '../../http/idempotency.js';
import type { AppModule } from '../../http/module.js';
import { route } from '../../http/route.js';
import {
  createEnrollment,
  endEnrollment,
  enrollments,
  paymentProductAggregation,
  paymentProductConfigurations,
  paymentProducts,
  updateEnrollment,
} from './service.js';

/**
 * Payment products, configurations and enrollments (specification §7), of the token's merchant only,
 * as declared in `@portal/contracts/payment-products-endpoints`.
 */
export const paymentProductRoutes: AppModule = (app, { database }, done) => {
  const { db } = database;

  route(app, paymentProductsEndpoint, async (request) => ({
    data: await paymentProducts(db, currentMerchantId(request), request.params.id, request.query),
  }));

  route(app, paymentProductAggregationEndpoint, async (request) => ({
    data: await paymentProductAggregation(db, currentMerchantId(request), request.params.id, request.query),
  }));

  route(app, paymentProductConfigurationsEndpoint, async (request) => ({
    data: await paymentProductConfigurations(
      db,
      currentMerchantId(request),
      request.params.id,
      request.query,
    ),
  }));

  route(app, enrollmentsEndpoint, async (request) => ({
    data: await enrollments(db, currentMerchantId(request), request.query),
  }));

  route(app, createEnrollmentEndpoint, async (request, reply) =>
    idempotent(request, reply, db, async (trx) => ({
      status: 201,
      body: {
        data: await createEnrollment(trx, currentMerchantId(request), request.body, {
          audit: auditContextOf(request),
        }),
      },
    })),
  );

  route(app, updateEnrollmentEndpoint, async (request) => ({
    data: await updateEnrollment(db, currentMerchantId(request), request.params.enrollmentID, request.body, {
      audit: auditContextOf(request),
    }),
  }));

  route(app, endEnrollmentEndpoint, async (request, reply) => {
    await endEnrollment(db, currentMerchantId(request), request.params.enrollmentID, {
      audit: auditContextOf(request),
    });
    return reply.send(null);
  });

  done();
};
