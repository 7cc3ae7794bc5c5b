import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { dataResponseSchema } from '@portal/contracts/api';
import {
  CART_ACTION_PATHS,
  CART_PATH,
  CARTS_PATH,
  cartDetailSchema,
  cartInputSchema,
  cartListQuerySchema,
  cartListResponseSchema,
} from '@portal/contracts/carts';
import { SCOPES, hasScope } from '@portal/contracts/scopes';
import { currentMerchantId } from '../../auth/access.js';
import { forbidden } from '../../http/app-error.js';
import { errorResponses } from '../../http/error-responses.js';
import { idempotent } from '../../http/idempotency.js';
import type { AppModule } from '../../http/module.js';
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

const cartParams = z.strictObject({ cartId: z.uuid() });
const detailAnswer = dataResponseSchema(cartDetailSchema);

function actorOf(request: FastifyRequest): CartActor {
  return {
    merchantId: currentMerchantId(request),
    userId: request.principal.userId,
    email: request.principal.email,
    audit: auditContextOf(request),
  };
}

/** Edit, notify, resend and expire: the cart page's access plus `u:cart` (specification §6). */
function requireCartUpdate(request: FastifyRequest): void {
  if (!hasScope(request.principal.scopes, SCOPES.cartUpdate)) throw forbidden();
}

/**
 * Carts of issue 5, the merchant's side. Every route carries a cart page's access (so the rbc brand has
 * none of them); changes need `w:cart` (create) or `u:cart`. Another merchant's cart answers as one that
 * does not exist (403), as transactions do.
 */
export const cartRoutes: AppModule = (app, { config, database }, done) => {
  const { db } = database;
  const { publicUrl } = config;

  // The cart pages need an ECOMM program enrollment (specification §2); the access hook checks scopes
  // and brand only, so the calls behind the pages check the enrollment here, for this module's routes.
  app.addHook('preHandler', async (request) => {
    await requireEcommerceProgram(db, currentMerchantId(request));
  });

  app.get(
    CARTS_PATH,
    {
      config: { access: { page: 'carts' } },
      schema: {
        tags: ['carts'],
        summary: 'A page of the filtered, sorted carts',
        querystring: cartListQuerySchema,
        response: { 200: dataResponseSchema(cartListResponseSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ data: await listCartPage(db, currentMerchantId(request), request.query) }),
  );

  app.post(
    CARTS_PATH,
    {
      config: { access: { page: 'cartCreate' }, idempotent: true },
      schema: {
        tags: ['carts'],
        summary: 'Creates a cart (ACTIVE); notify sends its link',
        body: cartInputSchema,
        response: { 201: detailAnswer, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      idempotent(request, reply, db, async (trx) => {
        checkCartTargets(request.body, config);
        return {
          status: 201,
          body: { data: await createCart(trx, publicUrl, actorOf(request), request.body) },
        };
      }),
  );

  app.get(
    CART_PATH,
    {
      config: { access: { page: 'cart' } },
      schema: {
        tags: ['carts'],
        summary: 'One cart with its items, status history and notifications',
        params: cartParams,
        response: { 200: detailAnswer, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      data: await cartDetail(db, publicUrl, currentMerchantId(request), request.params.cartId),
    }),
  );

  app.put(
    CART_PATH,
    {
      config: { access: { page: 'cart' } },
      schema: {
        tags: ['carts'],
        summary: 'Replaces an ACTIVE or SENT cart',
        params: cartParams,
        body: cartInputSchema,
        response: { 200: detailAnswer, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => {
      requireCartUpdate(request);
      checkCartTargets(request.body, config);
      return {
        data: await updateCart(db, publicUrl, actorOf(request), request.params.cartId, request.body),
      };
    },
  );

  for (const action of ['notify', 'resend'] as const) {
    app.post(
      CART_ACTION_PATHS[action],
      {
        config: { access: { page: 'cart' }, idempotent: true },
        schema: {
          tags: ['carts'],
          summary:
            action === 'notify'
              ? 'E-mails the link to the shopper; the cart becomes SENT'
              : 'E-mails the link to the shopper again',
          params: cartParams,
          response: { 200: detailAnswer, ...errorResponses(400, 401, 403, 409, 429) },
        },
      },
      async (request, reply) => {
        const sent = await idempotent(request, reply, db, async (trx) => {
          requireCartUpdate(request);
          const cart = await sendCartLink(trx, publicUrl, actorOf(request), request.params.cartId, action);
          return { status: 200, body: { data: cart } };
        });
        app.mail.deliverSoon();
        return sent;
      },
    );
  }

  app.post(
    CART_ACTION_PATHS.expire,
    {
      config: { access: { page: 'cart' }, idempotent: true },
      schema: {
        tags: ['carts'],
        summary: 'Expires an ACTIVE or SENT cart now: its link opens nothing any more',
        params: cartParams,
        response: { 200: detailAnswer, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      idempotent(request, reply, db, async (trx) => {
        requireCartUpdate(request);
        return {
          status: 200,
          body: { data: await expireCart(trx, publicUrl, actorOf(request), request.params.cartId) },
        };
      }),
  );

  done();
};
