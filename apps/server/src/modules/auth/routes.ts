import {
  fakeTokenEndpoint,
  fakeUsersEndpoint,
  logoutEndpoint,
  portalJwksEndpoint,
  tokenExchangeEndpoint,
} from '@portal/contracts/auth-endpoints';
import { bearerTokenOf } from '../../auth/access.js';
import { portalTokenJwks } from '../../auth/portal-token.js';
import type { AppModule } from '../../http/module.js';
import { route } from '../../http/route.js';
import { exchangeToken, ExchangeRefused, fakeProviderToken, fakeUsers, signOut } from './service.js';

/**
 * Exchanges per client address and minute. The portal exchanges at sign-in, every renewal (about every
 * 10 minutes per user) and each merchant switch; an office behind one address stays far below this.
 */
export const TOKEN_EXCHANGE_RATE_LIMIT = { max: 60, timeWindow: 60_000 } as const;

/** The token exchange, sign-out, the portal token's public keys, and fake auth when it is switched on. */
export const authRoutes: AppModule = (app, { config, database }, done) => {
  route(app, portalJwksEndpoint, async (_request, reply) => {
    // Keys change only by a rotation; an hour of caching keeps verifiers cheap.
    void reply.header('Cache-Control', 'public, max-age=3600');
    return portalTokenJwks(database.db);
  });

  route(
    app,
    tokenExchangeEndpoint,
    async (request) => {
      try {
        return { token: await exchangeToken(database.db, config, bearerTokenOf(request), request.body) };
      } catch (error) {
        if (!(error instanceof ExchangeRefused)) throw error;
        request.log.warn(
          { reason: error.reason, userId: error.userId, merchantID: request.body.merchantID },
          'token exchange refused',
        );
        throw error.error;
      }
    },
    { rateLimit: TOKEN_EXCHANGE_RATE_LIMIT },
  );

  route(app, logoutEndpoint, async (request, reply) => {
    await signOut(database.db, request.principal.sessionId);
    return reply.send(null);
  });

  if (config.fakeAuth) {
    // Registered only with fake auth on (as declared): otherwise these paths do not exist (404).
    route(app, fakeUsersEndpoint, async () => ({ data: await fakeUsers(database.db, config.brand) }));

    route(app, fakeTokenEndpoint, async (request) => {
      request.log.warn({ email: request.body.email }, 'fake auth token issued');
      return { token: await fakeProviderToken(database.db, config, request.body.email) };
    });
  }

  done();
};
