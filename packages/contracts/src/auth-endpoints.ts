import { z } from 'zod/mini';
import { tokenExchangeRequestSchema, tokenExchangeResponseSchema } from './auth.js';
import { defineEndpoint } from './endpoint.js';
import { fakeTokenRequestSchema, fakeTokenResponseSchema, fakeUsersResponseSchema } from './fake-auth.js';
import { interactionDetailsSchema } from './sign-in.js';

/** The token exchange, sign-out, the portal token's public keys, the sign-in page's details, fake auth. */
const tags = ['auth'];

export const portalJwksEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/auth/jwks',
  answer: { status: 200, schema: z.object({ keys: z.array(z.record(z.string(), z.unknown())) }) },
  access: 'public',
  summary: "The public keys that verify the portal's tokens",
  tags,
  errors: [],
});

export const tokenExchangeEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/auth/org/token/exchange',
  body: tokenExchangeRequestSchema,
  answer: { status: 200, schema: tokenExchangeResponseSchema },
  // The bearer is the identity provider's token, checked by the exchange rather than by the access hook.
  access: 'public',
  summary: "Exchanges the identity provider's access token (bearer) for the portal's token",
  tags,
  errors: [400, 401, 403, 429],
});

export const logoutEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/auth/logout',
  answer: { status: 204 },
  access: { scopes: [] },
  summary: "Signs out on the server: every portal token of the caller's sign-in is refused from now on",
  tags,
  errors: [401],
});

const BUILT_IN_PROVIDER = 'the built-in identity provider is on (OIDC_ISSUER not set)';

export const interactionDetailsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/auth/interaction/:interactionId',
  // oidc-provider's ids are nanoids; anything else cannot be one of its interactions.
  params: z.strictObject({ interactionId: z.string().check(z.regex(/^[\w-]{1,128}$/)) }),
  answer: { status: 200, schema: interactionDetailsSchema },
  access: 'public',
  summary: 'What the sign-in page of one interaction needs',
  tags,
  errors: [404],
  registeredWhen: BUILT_IN_PROVIDER,
});

const FAKE_AUTH = 'fake auth is switched on (FAKE_AUTH)';

export const fakeUsersEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/auth/fake/users',
  answer: { status: 200, schema: fakeUsersResponseSchema },
  access: 'public',
  summary: 'Fake auth: the users one can sign in as',
  tags,
  errors: [],
  registeredWhen: FAKE_AUTH,
});

export const fakeTokenEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/auth/fake/token',
  body: fakeTokenRequestSchema,
  answer: { status: 200, schema: fakeTokenResponseSchema },
  access: 'public',
  summary: "Fake auth: a provider-like token for a user, to exchange like the provider's",
  tags,
  errors: [400, 404],
  registeredWhen: FAKE_AUTH,
});
