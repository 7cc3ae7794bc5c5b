import { z } from 'zod';
import { dataResponseSchema } from '@portal/contracts/api';
import {
  CHECKOUT_COMPLETE_PATH,
  CHECKOUT_PATH,
  checkoutCartSchema,
  checkoutCompletionSchema,
} from '@portal/contracts/carts';
import { errorResponses } from '../../http/error-responses.js';
import type { AppModule } from '../../http/module.js';
import { postCallback } from './callback-target.js';
import { checkoutCart, completeCheckout } from './checkout.js';

// Tokens are 43 base64url characters; anything else cannot open a cart, and says so the same way.
const tokenParams = z.strictObject({ checkoutToken: z.string().max(200) });
/** Per client address: enough for a shopper, too few to try tokens. */
export const CHECKOUT_RATE_LIMIT = { max: 60, timeWindow: 60_000 } as const;

/**
 * The shopper's side of a cart (issue 5): public, reached only with the link's token. An unknown token
 * is 404 with no hint; completing twice is 409.
 */
export const checkoutRoutes: AppModule = (app, { config, database }, done) => {
  const { db } = database;

  app.get(
    CHECKOUT_PATH,
    {
      config: { access: 'public', rateLimit: CHECKOUT_RATE_LIMIT },
      schema: {
        tags: ['checkout'],
        summary: 'The cart of a payment link, as the shopper sees it (no sign-in)',
        params: tokenParams,
        response: { 200: dataResponseSchema(checkoutCartSchema), ...errorResponses(404, 429) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { data: await checkoutCart(db, request.params.checkoutToken) };
    },
  );

  app.post(
    CHECKOUT_COMPLETE_PATH,
    {
      config: { access: 'public', rateLimit: CHECKOUT_RATE_LIMIT },
      schema: {
        tags: ['checkout'],
        summary: 'The shopper completes the cart: an authorized transaction is made',
        params: tokenParams,
        response: { 200: dataResponseSchema(checkoutCompletionSchema), ...errorResponses(404, 409, 429) },
      },
    },
    async (request) => {
      const done = await completeCheckout(db, request.params.checkoutToken, request.id);
      // After the commit and without waiting: the shop's answer never holds up the shopper's.
      void postCallback(
        request.log,
        done.callbackUrl,
        { transactionID: done.completion.transactionID, orderReference: done.orderReference },
        config,
      );
      return { data: done.completion };
    },
  );

  done();
};
