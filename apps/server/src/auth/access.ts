import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors as joseErrors } from 'jose';
import { ZodError } from 'zod';
import { scopesOf, type EndpointAccess } from '@portal/contracts/endpoint';
import { isProviderRole } from '@portal/contracts/roles';
import type { Role } from '@portal/contracts/roles';
import { PAGES, type FeatureFlagName, type PageName, type RouteRequirement } from '@portal/contracts/routes';
import { hasAllScopes } from '@portal/contracts/scopes';
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/database.js';
import { AppError, forbidden, notFound, refused, unauthorized, type Refused } from '../http/app-error.js';
import { authenticateAccessKey, type KeyCaller } from '../modules/access-keys/service.js';
import { isFlagOnForMerchant } from '../modules/feature-flags/service.js';
import { programFlagsOf } from '../modules/programs/service.js';
import { verifyPortalToken, type VerifiedPortalToken } from './portal-token.js';
import { sessionStanding } from './sign-in-sessions.js';
import { VerifiedTokens } from './verified-tokens.js';

/** What a route lets through: the access of its endpoint's declaration (`@portal/contracts/endpoint`). */
export type RouteAccess = EndpointAccess;

/** Who is calling, read from the verified portal token. */
export interface Principal {
  readonly userId: string;
  readonly email: string;
  readonly role: Role;
  readonly scopes: readonly string[];
  /** Null for provider staff who have not chosen a merchant. */
  readonly tenantId: string | null;
  /** The token's merchant; null while provider staff have not chosen one (the all-zero id). */
  readonly merchantId: string | null;
  readonly isProviderStaff: boolean;
  /** The sign-in session of the token (sign-in-sessions.ts), which sign-out ends. */
  readonly sessionId: string;
  /**
   * The access key of a merchant-API call (docs/decisions/0013-merchant-api-keys.md); null for a
   * portal token. Such a caller acts in the name of the admin who created the key.
   */
  readonly accessKeyId: string | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    /** Set by the access hook on every route that is not public; reading it elsewhere is a bug (500). */
    readonly principal: Principal;
  }
}

/** The callers of requests that passed the access hook (a WeakMap: a finished request takes its entry along). */
const principals = new WeakMap<FastifyRequest, Principal>();

/** The caller of a request, or undefined where none signed in (a public route, a refused request). */
export function callerOf(request: FastifyRequest): Principal | undefined {
  return principals.get(request);
}

export const MISSING_ACCESS_MESSAGE =
  'API route declares no config.access: it refuses every request with 403 until it does';

const CHOOSE_MERCHANT = refused('auth.choose_merchant');
/** What a page's flag being off is called, by flag. */
const FEATURE_OFF: Readonly<Record<FeatureFlagName, Refused>> = {
  isLocationPageEnabled: refused('location.feature_off'),
  isMerchantIdValidationPageEnabled: refused('page.flag_off'),
};

/** What a missing program is called where the page says more than "this page needs a program". */
const PROGRAM_MISSING: Partial<Readonly<Record<PageName, Refused>>> = {
  carts: refused('cart.no_ecommerce'),
  cartCreate: refused('cart.no_ecommerce'),
  cart: refused('cart.no_ecommerce'),
};

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/');
}

function isUnder(url: string, prefix: string): boolean {
  return url === prefix || url.startsWith(`${prefix}/`);
}

/** The token of an `Authorization: Bearer <token>` header. */
export function bearerTokenOf(request: FastifyRequest): string | undefined {
  const match = /^Bearer +([^\s]+) *$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

function refuseUnauthenticated(reply: FastifyReply, message: string, invalidToken: boolean): never {
  // RFC 6750: a 401 names the scheme, and says when the token itself was the problem.
  reply.header('WWW-Authenticate', invalidToken ? 'Bearer error="invalid_token"' : 'Bearer');
  throw unauthorized(message);
}

/**
 * Whether the token's sign-in still stands, read from the database at every request (never cached, so
 * that every instance sees a change at once): its session has not ended (sign-out, password reset or
 * change), its user is still ACTIVE (not removed) and still has the token's role (a changed role
 * refuses the older tokens; the portal then exchanges again and gets the new role's scopes).
 */
async function signInStands(database: DatabaseHandle, token: VerifiedPortalToken): Promise<boolean> {
  const standing = await sessionStanding(database.db, token.sessionId);
  return (
    standing !== undefined &&
    standing.userId === token.userId &&
    !standing.ended &&
    standing.status === 'ACTIVE' &&
    standing.role === token.role
  );
}

/** The caller of a merchant-API call: the key's merchant, in the name of the key's creator. */
function keyPrincipal(caller: KeyCaller): Principal {
  return {
    userId: caller.createdByUserId,
    email: caller.createdByEmail,
    role: caller.createdByRole,
    // No portal scope: what the key may do is its own scopes, checked by the access hook.
    scopes: [],
    // Only the feature flags read the tenant, and no merchant-API call does.
    tenantId: null,
    merchantId: caller.merchantId,
    isProviderStaff: false,
    // No sign-in session: sign-out takes a portal token, and a key ends by revocation.
    sessionId: `access-key:${caller.keyId}`,
    accessKeyId: caller.keyId,
  };
}

/** 404 where the server's brand hides the page, as if the route did not exist. */
function refuseHiddenPage(request: FastifyRequest, brand: Config['brand'], name: PageName): void {
  const page: RouteRequirement = PAGES[name];
  if (page.hiddenForBrands?.includes(brand) === true) {
    throw notFound(`No route for ${request.method} ${request.url.split('?', 1)[0] ?? ''}`);
  }
}

/**
 * 403 where the page's guards refuse the token's merchant: its feature flag is off (specification §2) or
 * it lacks the page's program. The portal hides such a page, and the calls behind it refuse too, whatever
 * calls them. Both are read at every call, not from the token, so that a flag turned off or an ended
 * participation holds at once.
 */
async function refusePageGuards(
  database: DatabaseHandle,
  name: PageName,
  token: Pick<VerifiedPortalToken, 'tenantId' | 'merchantId'>,
): Promise<void> {
  const page: RouteRequirement = PAGES[name];
  if (page.flag === undefined && page.program === undefined) return;
  // Flags and programs are the merchant's: provider staff choose one first.
  if (token.merchantId === null) throw forbidden(CHOOSE_MERCHANT);
  if (page.flag !== undefined && !(await isFlagOnForMerchant(database.db, token, page.flag))) {
    throw forbidden(FEATURE_OFF[page.flag]);
  }
  if (page.program !== undefined) {
    const programs = await programFlagsOf(database.db, token.merchantId);
    if (!programs[page.program]) throw forbidden(PROGRAM_MISSING[name] ?? refused('page.program_required'));
  }
}

/** A token that fails verification, as opposed to a database that fails to give the key (503). */
function isBadToken(error: unknown): boolean {
  return error instanceof joseErrors.JOSEError || error instanceof ZodError;
}

export interface AccessControlOptions {
  config: Config;
  database: DatabaseHandle;
  /**
   * API paths registered by plugins that take no route options (the API docs): public by nature. Every
   * other API route declares its access itself.
   */
  publicPathPrefixes?: readonly string[];
}

/**
 * The server's access enforcement (docs/auth.md): one `onRequest` hook reads each route's
 * `config.access`. An API route that declares nothing is refused with 403, and logged both when it is
 * registered and when it is called, so that a forgotten declaration is secure and visible.
 * Registered on the root instance before any route, so that its hooks see every route.
 */
export function registerAccessControl(
  app: FastifyInstance,
  { config, database, publicPathPrefixes = [] }: AccessControlOptions,
): void {
  // The signature checks of this instance; the sign-in's standing is read at every request below.
  const verifiedTokens = new VerifiedTokens();

  app.decorateRequest('principal', {
    getter(this: FastifyRequest): Principal {
      const principal = principals.get(this);
      if (principal === undefined) {
        throw new Error(
          `request.principal read on ${this.method} ${this.url}, which has no signed-in caller`,
        );
      }
      return principal;
    },
  });

  app.addHook('onRoute', (route) => {
    if (!isApiPath(route.url)) return;
    if (publicPathPrefixes.some((prefix) => isUnder(route.url, prefix))) {
      route.config = { ...route.config, access: 'public' };
      return;
    }
    // Fastify copies each GET route to a HEAD route with the same options: one line per route is enough.
    if (route.config?.access === undefined && route.method !== 'HEAD') {
      app.log.error({ route: `${String(route.method)} ${route.url}` }, MISSING_ACCESS_MESSAGE);
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    if (request.is404) return;
    const url = request.routeOptions.url ?? '';
    const access = request.routeOptions.config.access;
    if (access === undefined) {
      if (!isApiPath(url)) return;
      request.log.error({ route: `${request.method} ${url}` }, MISSING_ACCESS_MESSAGE);
      throw forbidden();
    }
    if (access === 'public') return;

    if ('apiKey' in access) {
      if (access.hiddenWithPage !== undefined) refuseHiddenPage(request, config.brand, access.hiddenWithPage);
      let caller: KeyCaller;
      try {
        caller = await authenticateAccessKey(database.db, bearerTokenOf(request), access.apiKey, request.ip);
      } catch (error) {
        if (error instanceof AppError && error.status === 401) {
          reply.header('WWW-Authenticate', 'Bearer error="invalid_token"');
        }
        throw error;
      }
      principals.set(request, keyPrincipal(caller));
      return;
    }
    // The page does not exist for this brand, so neither do the calls behind it.
    if ('page' in access) refuseHiddenPage(request, config.brand, access.page);
    const required = scopesOf(access);

    const token = bearerTokenOf(request);
    if (token === undefined) refuseUnauthenticated(reply, 'Authentication is required', false);
    let verified;
    try {
      verified =
        verifiedTokens.get(token) ??
        verifiedTokens.remember(token, await verifyPortalToken(database.db, config, token));
    } catch (error) {
      if (!isBadToken(error)) throw error;
      request.log.info(
        { reason: error instanceof Error ? error.message : String(error) },
        'portal token refused',
      );
      refuseUnauthenticated(reply, 'The token is not valid or has expired', true);
    }
    if (!(await signInStands(database, verified))) {
      request.log.info({ userId: verified.userId }, 'portal token of an ended sign-in refused');
      refuseUnauthenticated(reply, 'The sign-in has ended', true);
    }
    if (!hasAllScopes(verified.scopes, required)) throw forbidden();
    if ('page' in access) await refusePageGuards(database, access.page, verified);

    principals.set(request, {
      userId: verified.userId,
      email: verified.email,
      role: verified.role,
      scopes: verified.scopes,
      tenantId: verified.tenantId,
      merchantId: verified.merchantId,
      isProviderStaff: isProviderRole(verified.role),
      sessionId: verified.sessionId,
      accessKeyId: null,
    });
  });
}

/**
 * Throws 403 unless `merchantId` is the token's merchant. The message is the same whether or not that
 * merchant exists, so that ids reveal nothing (docs/auth.md).
 */
export function requireMerchant(request: FastifyRequest, merchantId: string): void {
  if (request.principal.merchantId !== merchantId) throw forbidden();
}

/** The token's merchant; 403 "Choose a merchant first" while provider staff have not chosen one. */
export function currentMerchantId(request: FastifyRequest): string {
  const merchantId = request.principal.merchantId;
  if (merchantId === null) throw forbidden(CHOOSE_MERCHANT);
  return merchantId;
}
