import type { FastifyRequest } from 'fastify';
import {
  cartActionEndpoints,
  cartEndpoint,
  createCartEndpoint,
  listCartsEndpoint,
  updateCartEndpoint,
} from '@portal/contracts/carts-endpoints';
import { currentMerchantId } from '../../auth/access.js';
import { idempotent } from '../../http/idempotency.js';
import type { AppModule } from '../../http/module.js';
import { route } from '../../http/route.js';
import { auditContextOf } from '../audit/record-audit.js';
import { checkCartTargets } from './callback-target.js';
import {
  requireEcommerceProgram,
  cartDetail,
  createCart,
  expireCart,
  listCartPage,
  sendCartLink,
  updateCart,
  type CartActor,
} from './service.js';

function actorOf(request: FastifyRequest): CartActor {
  return {
    merchantId: currentMerchantId(request),
    userId: request.principal.userId,
    email: request.principal.email,
    audit: auditContextOf(request),
  };
}

/** Carts of issue 5, the merchant's side, as declared in `@portal/contracts/carts-endpoints`. */
export const cartRoutes: AppModule = (app, { config, database }, done) => {
  const { db } = database;
  const { publicUrl } = config;

  // The cart pages need an ECOMM program enrollment (specification §2); the access hook checks scopes
  // and brand only, so the calls behind the pages check the enrollment here, for this module's routes.
  app.addHook('preHandler', async (request) => {
    await requireEcommerceProgram(db, currentMerchantId(request));
  });

  route(app, listCartsEndpoint, async (request) => ({
    data: await listCartPage(db, currentMerchantId(request), request.query),
  }));

  route(app, createCartEndpoint, async (request, reply) =>
    idempotent(request, reply, db, async (trx) => {
      checkCartTargets(request.body, config);
      return {
        status: 201,
        body: { data: await createCart(trx, publicUrl, actorOf(request), request.body) },
      };
    }),
  );

  route(app, cartEndpoint, async (request) => ({
    data: await cartDetail(db, publicUrl, currentMerchantId(request), request.params.cartId),
  }));

  route(app, updateCartEndpoint, async (request) => {
    checkCartTargets(request.body, config);
    return {
      data: await updateCart(db, publicUrl, actorOf(request), request.params.cartId, request.body),
    };
  });

  for (const action of ['notify', 'resend'] as const) {
    route(app, cartActionEndpoints[action], async (request, reply) => {
      const sent = await idempotent(request, reply, db, async (trx) => {
        const cart = await sendCartLink(trx, publicUrl, actorOf(request), request.params.cartId, action);
        return { status: 200, body: { data: cart } };
      });
      app.mail.deliverSoon();
      return sent;
    });
  }

  route(app, cartActionEndpoints.expire, async (request, reply) =>
    idempotent(request, reply, db, async (trx) => ({
      status: 200,
      body: { data: await expireCart(trx, publicUrl, actorOf(request), request.params.cartId) },
    })),
  );

  done();
};
