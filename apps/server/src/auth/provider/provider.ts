/*
 * The built-in OpenID Connect provider (oidc-provider), mounted at /oidc. The design, the flow from
 * /login to the portal's own token, and what the other parts expect of it are in docs/auth.md
 * ("The flow"); facts measured while choosing these settings are in ../shared/notes/identity-provider.md.
 *
 * In short: one public client, the portal (authorization code + PKCE, refresh tokens with rotation);
 * JWT access tokens (ES256, 10 minutes) for the API resource; accounts are ACTIVE rows of `users`;
 * the sign-in form is the portal's page /login/:interactionId (routes.ts); sessions, grants, codes and
 * tokens are rows of `oidc_models` (database-adapter.ts); signing and cookie keys come once from the
 * database (../keys.ts), so restarts and other instances agree. No consent screen, no logout
 * confirmation, no development pages.
 */
import type { ErrorBody } from '@portal/contracts/api';
import { PORTAL_CLIENT_ID } from '@portal/contracts/auth';
import { PUBLIC_PATHS, href } from '@portal/contracts/routes';
import type { FastifyBaseLogger } from 'fastify';
import type { JWK } from 'jose';
import type { Kysely } from 'kysely';
import type Provider from 'oidc-provider';
import type { Account, ClientMetadata, Configuration, Grant, KoaContextWithOIDC } from 'oidc-provider';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import { activeUserClaims } from '../../modules/users/accounts.js';
import { getOrCreateKey } from '../keys.js';
import { databaseAdapterFactory } from './database-adapter.js';
import { logoutPage, renderErrorPage, signedOutPage, type PageOptions } from './pages.js';

export const OIDC_MOUNT_PATH = '/oidc';

/** What the portal asks for (oidc-client-ts `scope`); `offline_access` is not needed for refresh tokens. */
export const PORTAL_SCOPE = 'openid profile email offline_access';

/** The scopes access tokens for the API carry (the portal's own token carries the real permissions). */
const API_SCOPE = 'openid profile email';

export const ACCESS_TOKEN_TTL_SECONDS = 10 * 60;
/** The claim of the provider's access tokens that names the sign-in: the grant id. */
export const SIGN_IN_CLAIM = 'sid';
/**
 * A sign-in lasts a working day at most: the provider session, its grant and the refresh token (whose
 * rotations keep the first one's end) all end then, and the portal sends the user to /login again.
 */
export const SIGN_IN_LIFETIME_SECONDS = 12 * 60 * 60;
const INTERACTION_TTL_SECONDS = 30 * 60;
const AUTHORIZATION_CODE_TTL_SECONDS = 60;

export function identityProviderIssuer(config: Pick<Config, 'publicUrl'>): string {
  return `${config.publicUrl}${OIDC_MOUNT_PATH}`;
}

/** The resource indicator, and the audience of the provider's access tokens: the portal's API. */
export function apiResourceIndicator(config: Pick<Config, 'publicUrl'>): string {
  return `${config.publicUrl}/api`;
}

/** Origins the portal runs on: the public URL, and the Vite dev server when DEV_REDIRECT_ORIGIN names it. */
function portalOrigins(config: Pick<Config, 'publicUrl' | 'devRedirectOrigin'>): string[] {
  return [
    ...new Set([
      config.publicUrl,
      ...(config.devRedirectOrigin === undefined ? [] : [config.devRedirectOrigin]),
    ]),
  ];
}

/**
 * The provider's public signing keys as a JWKS, read from the database rather than over HTTP, so that
 * the token exchange verifies the provider's access tokens without a round trip to /oidc/jwks.
 */
export async function providerPublicJwks(db: Kysely<Database>): Promise<{ keys: JWK[] }> {
  const key = await getOrCreateKey(db, 'oidc-signing');
  return { keys: [key.publicJwk] };
}

function portalClient(config: Pick<Config, 'publicUrl' | 'devRedirectOrigin'>): ClientMetadata {
  const origins = portalOrigins(config);
  return {
    client_id: PORTAL_CLIENT_ID,
    client_name: 'Merchant portal',
    application_type: 'web',
    // A browser app keeps no secret: PKCE protects the code instead (required for such clients).
    token_endpoint_auth_method: 'none',
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    redirect_uris: origins.map((origin) => origin + PUBLIC_PATHS.implicitCallback),
    post_logout_redirect_uris: origins.map((origin) => origin + PUBLIC_PATHS.logoutCallback),
    id_token_signed_response_alg: 'ES256',
  };
}

/**
 * An account is an ACTIVE user: a disabled or removed user's refresh token stops working at its next
 * use, and so does any other token the provider would issue for them.
 */
async function findAccount(db: Kysely<Database>, id: string): Promise<Account | undefined> {
  const user = await activeUserClaims(db, id);
  if (user === undefined) return undefined;
  return {
    accountId: user.id,
    claims: () => ({
      sub: user.id,
      email: user.email,
      email_verified: true,
      name: `${user.first_name} ${user.last_name}`,
      given_name: user.first_name,
      family_name: user.last_name,
      role: user.role,
    }),
  };
}

/**
 * The portal is the provider's own client: its grant is made without asking the user, with every
 * scope it may have, and kept for the session.
 */
async function loadOrCreateGrant(ctx: KoaContextWithOIDC, apiResource: string): Promise<Grant | undefined> {
  const { client, session, provider } = ctx.oidc;
  const accountId = session?.accountId;
  if (client === undefined || session === undefined || accountId === undefined) return undefined;

  const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
  if (grantId !== undefined) {
    const existing = await provider.Grant.find(grantId);
    if (existing?.accountId === accountId) return existing;
  }
  const grant = new provider.Grant({ clientId: client.clientId, accountId });
  grant.addOIDCScope(PORTAL_SCOPE);
  grant.addResourceScope(apiResource, API_SCOPE);
  await grant.save();
  return grant;
}

interface IdentityProviderOptions {
  config: Pick<Config, 'publicUrl' | 'devRedirectOrigin' | 'brand' | 'trustProxy'>;
  db: Kysely<Database>;
  log: FastifyBaseLogger;
}

export async function createIdentityProvider({
  config,
  db,
  log,
}: IdentityProviderOptions): Promise<Provider> {
  const [{ default: OidcProvider, errors }, signingKey, cookieKey] = await Promise.all([
    // Loaded on first use, so that a portal signed in through an external provider never loads it.
    import('oidc-provider'),
    getOrCreateKey(db, 'oidc-signing'),
    getOrCreateKey(db, 'oidc-cookies'),
  ]);
  const apiResource = apiResourceIndicator(config);
  const pageOptions: PageOptions = {
    brand: config.brand,
    extraLogoutOrigins: portalOrigins(config).filter((origin) => origin !== config.publicUrl),
  };

  const configuration: Configuration = {
    adapter: databaseAdapterFactory(db),
    clients: [portalClient(config)],
    // The authorization code flow only: nothing issues tokens through the browser's address bar.
    responseTypes: ['code'],
    jwks: { keys: [signingKey.privateJwk] },
    // Signed cookies (Koa signs whenever keys are given); SameSite=Lax is the library's default.
    cookies: { keys: [cookieKey.secret] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'role'],
    },
    // The portal reads who signed in from the ID token; the access token is for the API, not userinfo.
    conformIdTokenClaims: false,
    findAccount: (_ctx, sub) => findAccount(db, sub),
    features: {
      devInteractions: { enabled: false },
      revocation: {
        enabled: true,
        // A client revokes only its own tokens; another's is ignored (RFC 7009 answers 200 either way).
        allowedPolicy: (_ctx, client, token) => token.clientId === client.clientId,
      },
      userinfo: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => apiResource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resourceIndicator) => {
          if (resourceIndicator !== apiResource) throw new errors.InvalidTarget();
          return {
            audience: apiResource,
            scope: API_SCOPE,
            accessTokenFormat: 'jwt',
            accessTokenTTL: ACCESS_TOKEN_TTL_SECONDS,
            jwt: { sign: { alg: 'ES256' } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: logoutPage(pageOptions),
        postLogoutSuccessSource: signedOutPage(pageOptions),
      },
    },
    pkce: { required: () => true },
    interactions: {
      url: (_ctx, interaction) => href(PUBLIC_PATHS.signIn, { interactionId: interaction.uid }),
    },
    loadExistingGrant: (ctx) => loadOrCreateGrant(ctx, apiResource),
    // Without `prompt=consent` the provider drops `offline_access`; the portal gets refresh tokens anyway.
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    // The e-mail beside `sub`, so that the exchange can treat this provider like an external one, and
    // the grant as the sign-in's id, which the exchange checks still stands (docs/auth.md, "Sessions").
    extraTokenClaims: async (_ctx, token) => {
      const accountId = 'accountId' in token ? token.accountId : undefined;
      const user = accountId === undefined ? undefined : await activeUserClaims(db, accountId);
      const grantId = 'grantId' in token ? token.grantId : undefined;
      return user === undefined ? undefined : { email: user.email, [SIGN_IN_CLAIM]: grantId };
    },
    renderError: renderErrorPage(pageOptions),
    clientBasedCORS: (_ctx, origin, client) =>
      client.redirectUris?.some((uri) => new URL(uri).origin === origin) ?? false,
    ttl: {
      AccessToken: (_ctx, token) => token.resourceServer?.accessTokenTTL ?? ACCESS_TOKEN_TTL_SECONDS,
      AuthorizationCode: AUTHORIZATION_CODE_TTL_SECONDS,
      IdToken: ACCESS_TOKEN_TTL_SECONDS,
      Interaction: INTERACTION_TTL_SECONDS,
      Session: SIGN_IN_LIFETIME_SECONDS,
      Grant: SIGN_IN_LIFETIME_SECONDS,
      // A rotated refresh token ends when the first one would have: rotation never extends a sign-in.
      RefreshToken: (ctx) => ctx.oidc.entities.RotatedRefreshToken?.remainingTTL ?? SIGN_IN_LIFETIME_SECONDS,
    },
  };

  const provider = new OidcProvider(identityProviderIssuer(config), configuration);
  // A path under /oidc that is none of the provider's gets the API's 404 rather than Koa's plain text.
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.status === 404 && ctx.body === undefined) {
      const message = `No route for ${ctx.method} ${OIDC_MOUNT_PATH}${ctx.path}`;
      ctx.status = 404;
      ctx.body = { error: { code: 'NOT_FOUND', message } } satisfies ErrorBody;
    }
  });
  // Behind a load balancer the provider needs X-Forwarded-Proto/Host to see the public https URL.
  provider.proxy = config.trustProxy !== false;
  if (config.publicUrl.startsWith('https:')) {
    // Browsers reach the portal only at its https PUBLIC_URL, whichever hop ended TLS and whether or not
    // that hop is trusted: the provider's session and interaction cookies must always be Secure.
    Object.defineProperty(provider.request, 'protocol', { get: () => 'https' });
  }
  provider.on('server_error', (_ctx: unknown, error: unknown) => {
    log.error({ err: error }, 'identity provider error');
  });
  return provider;
}
