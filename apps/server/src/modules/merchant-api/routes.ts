import {
  merchantApiCreateCartEndpoint,
  merchantApiTransactionEndpoint,
  merchantApiTransactionsEndpoint,
} from '@portal/contracts/merchant-api-endpoints';
import type { FastifyRequest } from 'fastify';
import { currentMerchantId } from '../../auth/access.js';
import { idempotent } from '../../http/idempotency.js';
import type { AppModule } from '../../http/module.js';
import { route } from '../../http/route.js';
import { auditContextOf } from '../audit/record-audit.js';
import { checkCartTargets } from '../carts/callback-target.js';
import { createCart, type CartActor } from '../carts/service.js';
import { listTransactionPage, transactionDetail } from '../transactions/service.js';

/** The key's merchant, acting in the name of the admin who created the key (decision 0013). */
function cartActorOf(request: FastifyRequest): CartActor {
  return {
    merchantId: currentMerchantId(request),
    userId: request.principal.userId,
    email: request.principal.email,
    audit: auditContextOf(request),
  };
}

/**
 * The merchant API (issue 14), as declared in `@portal/contracts/merchant-api-endpoints`: the access
 * hook has authenticated the key and set its merchant; each call is the portal's own service.
 */
export const merchantApiRoutes: AppModule = (app, { config, database }, done) => {
  const { db } = database;

  route(app, merchantApiCreateCartEndpoint, async (request, reply) =>
    idempotent(request, reply, db, async (trx) => {
      checkCartTargets(request.body, config);
      return {
        status: 201,
        body: { data: await createCart(trx, config.publicUrl, cartActorOf(request), request.body) },
      };
    }),
  );

  route(app, merchantApiTransactionsEndpoint, async (request) => ({
    data: await listTransactionPage(db, currentMerchantId(request), request.query),
  }));

  route(app, merchantApiTransactionEndpoint, async (request) => ({
    data: await transactionDetail(db, currentMerchantId(request), request.params.id),
  }));

  done();
};
