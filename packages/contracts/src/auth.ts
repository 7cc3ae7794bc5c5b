import { z } from 'zod/mini';

/** The portal's client at the identity provider (built-in or external). */
export const PORTAL_CLIENT_ID = 'merchant-portal';

/** The application id the portal sends with every token exchange (specification §7, `appID`). */
export const PORTAL_APP_ID = 'merchant-portal';

/** Body of `POST /api/auth/org/token/exchange`; the provider's access token is the bearer (specification §7). */
export const tokenExchangeRequestSchema = z.strictObject({
  appID: z.string().check(z.minLength(1), z.maxLength(100)),
  /** The all-zero id when the user has not chosen a merchant (provider staff). */
  merchantID: z.uuid(),
});
export type TokenExchangeRequest = z.infer<typeof tokenExchangeRequestSchema>;

export const tokenExchangeResponseSchema = z.object({ token: z.string() });

/** The portal token's lifetime; the portal renews the provider's tokens and exchanges again before it ends. */
export const PORTAL_TOKEN_TTL_SECONDS = 15 * 60;
