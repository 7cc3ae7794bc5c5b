import { checkoutLogoEndpoint } from '@portal/contracts/checkout-design-endpoints';
import {
  checkoutEndpoint,
  completeCheckoutEndpoint,
  declineCheckoutEndpoint,
} from '@portal/contracts/carts-endpoints';
import type { AppModule } from '../../http/module.js';
import { route } from '../../http/route.js';
import { postCallback } from './callback-target.js';
import { checkoutCart, checkoutLogo, completeCheckout, declineCheckout } from './checkout.js';

/** Per client address: enough for a shopper, too few to try tokens. */
export const CHECKOUT_RATE_LIMIT = { max: 60, timeWindow: 60_000 } as const;

/** The shopper's side of a cart (issue 5), as declared in `@portal/contracts/carts-endpoints`. */
export const checkoutRoutes: AppModule = (app, { config, database }, done) => {
  const { db } = database;

  route(
    app,
    checkoutEndpoint,
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { data: await checkoutCart(db, request.params.checkoutToken) };
    },
    { rateLimit: CHECKOUT_RATE_LIMIT },
  );

  route(
    app,
    completeCheckoutEndpoint,
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
    { rateLimit: CHECKOUT_RATE_LIMIT },
  );

  route(
    app,
    declineCheckoutEndpoint,
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { data: await declineCheckout(db, request.params.checkoutToken, request.id) };
    },
    { rateLimit: CHECKOUT_RATE_LIMIT },
  );

  route(
    app,
    checkoutLogoEndpoint,
    async (request, reply) => {
      const logo = await checkoutLogo(db, request.params.checkoutToken);
      // An SVG is shown by <img>, where nothing runs; opened on its own, this policy runs nothing either,
      // and nosniff keeps the browser to the type checked at upload.
      return reply
        .header('Content-Type', logo.contentType)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
        .header('Cache-Control', 'no-store')
        .send(logo.bytes);
    },
    { rateLimit: CHECKOUT_RATE_LIMIT },
  );

  done();
};
