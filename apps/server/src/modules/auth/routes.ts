import {
  LOGOUT_PATH,
  TOKEN_EXCHANGE_PATH,
  tokenExchangeRequestSchema,
  tokenExchangeResponseSchema,
} from '@portal/contracts/auth';
import {
  FAKE_TOKEN_PATH,
  FAKE_USERS_PATH,
  fakeTokenRequestSchema,
  fakeTokenResponseSchema,
  fakeUsersResponseSchema,
} from '@portal/contracts/fake-auth';
import { z } from 'zod';
import { bearerTokenOf } from '../../auth/access.js';
import { portalTokenJwks } from '../../auth/portal-token.js';
import { errorResponses } from '../../http/error-responses.js';
import type { AppModule } from '../../http/module.js';
import { exchangeToken, ExchangeRefused, fakeProviderToken, fakeUsers, signOut } from './service.js';

export const PORTAL_JWKS_PATH = '/api/auth/jwks';

/**
 * Exchanges per client address and minute. The portal exchanges at sign-in, every renewal (about every
 * 10 minutes per user) and each merchant switch; an office behind one address stays far below this.
 */
export const TOKEN_EXCHANGE_RATE_LIMIT = { max: 60, timeWindow: 60_000 } as const;

const jwksSchema = z.object({ keys: z.array(z.record(z.string(), z.unknown())) });

/** The token exchange, sign-out, the portal token's public keys, and fake auth when it is switched on. */
export const authRoutes: AppModule = (app, { config, database }, done) => {
  app.get(
    PORTAL_JWKS_PATH,
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: "The public keys that verify the portal's tokens",
        response: { 200: jwksSchema },
      },
    },
    async (_request, reply) => {
      // Keys change only by a rotation; an hour of caching keeps verifiers cheap.
      void reply.header('Cache-Control', 'public, max-age=3600');
      return portalTokenJwks(database.db);
    },
  );

  app.post(
    TOKEN_EXCHANGE_PATH,
    {
      // The bearer is the identity provider's token, checked here rather than by the access hook.
      config: { access: 'public', rateLimit: TOKEN_EXCHANGE_RATE_LIMIT },
      schema: {
        tags: ['auth'],
        summary: "Exchanges the identity provider's access token (bearer) for the portal's token",
        body: tokenExchangeRequestSchema,
        response: { 200: tokenExchangeResponseSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
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
  );

  app.post(
    LOGOUT_PATH,
    {
      config: { access: { scopes: [] } },
      schema: {
        tags: ['auth'],
        summary: "Signs out on the server: every portal token of the caller's sign-in is refused from now on",
        response: { 204: z.null(), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      await signOut(database.db, request.principal.sessionId);
      return reply.code(204).send(null);
    },
  );

  if (config.fakeAuth) {
    // Registered only with fake auth on: otherwise these paths do not exist (404).
    app.get(
      FAKE_USERS_PATH,
      {
        config: { access: 'public' },
        schema: {
          tags: ['auth'],
          summary: 'Fake auth: the users one can sign in as',
          response: { 200: fakeUsersResponseSchema },
        },
      },
      async () => ({ data: await fakeUsers(database.db, config.brand) }),
    );

    app.post(
      FAKE_TOKEN_PATH,
      {
        config: { access: 'public' },
        schema: {
          tags: ['auth'],
          summary: "Fake auth: a provider-like token for a user, to exchange like the provider's",
          body: fakeTokenRequestSchema,
          response: { 200: fakeTokenResponseSchema, ...errorResponses(400, 404) },
        },
      },
      async (request) => {
        request.log.warn({ email: request.body.email }, 'fake auth token issued');
        return { token: await fakeProviderToken(database.db, config, request.body.email) };
      },
    );
  }

  done();
};
