import { randomUUID } from 'node:crypto';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  decodeJwt,
  errors as joseErrors,
  jwtVerify,
  SignJWT,
} from 'jose';
import type { JWTPayload, JWTVerifyGetKey } from 'jose';
import type { Kysely } from 'kysely';
import { PORTAL_CLIENT_ID } from '@portal/contracts/auth';
import { getOrCreateKey, SIGNING_ALGORITHM } from '../../auth/keys.js';
import {
  apiResourceIndicator,
  identityProviderIssuer,
  providerPublicJwks,
  SIGN_IN_CLAIM,
  SIGN_IN_LIFETIME_SECONDS,
} from '../../auth/provider/provider.js';
import type { Config, ExternalOidcConfig } from '../../config.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';

/** Who the identity provider says signed in: the built-in one names the user id, an external one the e-mail. */
export type ProviderIdentity = { kind: 'userId'; userId: string } | { kind: 'email'; email: string };

/**
 * A verified provider token: who signed in, and which sign-in it belongs to (`providerSession`, the
 * key of the portal's sign-in session). The built-in provider names its grant in the `sid` claim
 * (`grantId` then says so, for the exchange to check that the grant still stands); fake auth's token
 * is kept for the whole sign-in, so its `jti` names it; an external provider's `sid`, when it sends one.
 */
export interface VerifiedProviderToken {
  identity: ProviderIdentity;
  providerSession: string | null;
  grantId?: string;
}

/** The provider token was refused; `reason` is for the log and never shown to the client. */
export class ProviderTokenError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'ProviderTokenError';
  }
}

const ACCESS_TOKEN_TYPE = 'at+jwt';
const CLOCK_TOLERANCE_SECONDS = 5;
// External providers sign with any of these; symmetric algorithms are never accepted.
const EXTERNAL_ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
];
const DISCOVERY_TIMEOUT_MS = 5_000;

type ProviderConfig = Pick<Config, 'publicUrl' | 'fakeAuth' | 'externalOidc'>;

/**
 * Verifies the identity provider's access token (signature, issuer, audience, expiry) and says who it
 * names. The built-in provider's tokens (and fake auth's, which look the same) are checked against its
 * key in the database; an external provider's against its published JWKS. The unverified `iss` only
 * picks which check applies.
 */
export async function verifyProviderToken(
  db: Kysely<Database>,
  config: ProviderConfig,
  token: string,
): Promise<VerifiedProviderToken> {
  let issuer: string | undefined;
  try {
    issuer = decodeJwt(token).iss;
  } catch {
    throw new ProviderTokenError('not a JWT');
  }
  const external = config.externalOidc;
  if (external !== undefined && issuer === external.issuer) return verifyExternal(external, token);
  // With an external provider the built-in one is off; only fake auth still signs such tokens.
  const builtInInUse = external === undefined || config.fakeAuth;
  if (builtInInUse && issuer === identityProviderIssuer(config)) return verifyBuiltIn(db, config, token);
  throw new ProviderTokenError(`unknown issuer ${JSON.stringify(issuer ?? null)}`);
}

async function verifyBuiltIn(
  db: Kysely<Database>,
  config: ProviderConfig,
  token: string,
): Promise<VerifiedProviderToken> {
  const payload = await verified(async () => {
    const { payload } = await jwtVerify(token, createLocalJWKSet(await providerPublicJwks(db)), {
      algorithms: [SIGNING_ALGORITHM],
      issuer: identityProviderIssuer(config),
      audience: apiResourceIndicator(config),
      typ: ACCESS_TOKEN_TYPE,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      requiredClaims: ['exp', 'sub'],
    });
    return payload;
  });
  const identity: ProviderIdentity = { kind: 'userId', userId: payload.sub ?? '' };
  const grantId = stringClaim(payload, SIGN_IN_CLAIM);
  if (grantId !== null) return { identity, providerSession: grantId, grantId };
  return { identity, providerSession: stringClaim(payload, 'jti') };
}

function stringClaim(payload: JWTPayload, name: string): string | null {
  const value = payload[name];
  return typeof value === 'string' && value !== '' ? value : null;
}

async function verifyExternal(external: ExternalOidcConfig, token: string): Promise<VerifiedProviderToken> {
  const keys = await remoteKeys(external.issuer);
  const payload = await verified(async () => {
    const { payload } = await jwtVerify(token, keys, {
      algorithms: EXTERNAL_ALGORITHMS,
      issuer: external.issuer,
      audience: external.audience,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      requiredClaims: ['exp'],
    });
    return payload;
  });
  const email = payload.email;
  if (typeof email !== 'string' || email === '') throw new ProviderTokenError('no email claim');
  return {
    identity: { kind: 'email', email: email.toLowerCase() },
    providerSession: stringClaim(payload, SIGN_IN_CLAIM),
  };
}

/** jose's verdict on a token becomes a refusal; an unreachable key set is an outage (503), not a bad token. */
async function verified(verify: () => Promise<JWTPayload>): Promise<JWTPayload> {
  try {
    return await verify();
  } catch (error) {
    if (error instanceof joseErrors.JWKSTimeout || !(error instanceof joseErrors.JOSEError)) {
      throw new AppError(503, 'SERVICE_UNAVAILABLE', 'The identity provider is not reachable right now', {
        cause: error,
      });
    }
    throw new ProviderTokenError(`${error.code}: ${error.message}`);
  }
}

// One key set per issuer for the life of the process; jose refreshes it when a new kid shows up.
const remoteKeySets = new Map<string, Promise<JWTVerifyGetKey>>();

function remoteKeys(issuer: string): Promise<JWTVerifyGetKey> {
  let keys = remoteKeySets.get(issuer);
  if (keys === undefined) {
    keys = discoverKeys(issuer);
    remoteKeySets.set(issuer, keys);
    // A provider that was down at the first sign-in is asked again at the next.
    keys.catch(() => remoteKeySets.delete(issuer));
  }
  return keys;
}

async function discoverKeys(issuer: string): Promise<JWTVerifyGetKey> {
  const url = `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
  let document: unknown;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(DISCOVERY_TIMEOUT_MS) });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    document = await response.json();
  } catch (error) {
    throw new AppError(503, 'SERVICE_UNAVAILABLE', 'The identity provider is not reachable right now', {
      cause: error,
    });
  }
  const { issuer: announced, jwks_uri: jwksUri } = (document ?? {}) as {
    issuer?: unknown;
    jwks_uri?: unknown;
  };
  // OpenID Connect Discovery §4.3: the document must name the issuer it was fetched for.
  if (announced !== issuer || typeof jwksUri !== 'string' || !URL.canParse(jwksUri)) {
    throw new AppError(503, 'SERVICE_UNAVAILABLE', 'The identity provider is not reachable right now', {
      cause: new Error(`${url} does not describe the issuer ${issuer} with a jwks_uri`),
    });
  }
  return createRemoteJWKSet(new URL(jwksUri));
}

/**
 * Fake auth's token for a user: what the built-in provider would issue (same key, issuer, audience and
 * `typ`), so that the exchange treats it exactly like one. It lives as long as a real sign-in, since
 * the portal keeps it as the admin token and exchanges it again for every merchant switch.
 */
export async function signFakeProviderToken(
  db: Kysely<Database>,
  config: Pick<Config, 'publicUrl'>,
  user: { id: string; email: string },
): Promise<string> {
  const key = await getOrCreateKey(db, 'oidc-signing');
  return new SignJWT({ email: user.email, client_id: PORTAL_CLIENT_ID, scope: 'openid profile email' })
    .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid: key.kid, typ: ACCESS_TOKEN_TYPE })
    .setIssuer(identityProviderIssuer(config))
    .setAudience(apiResourceIndicator(config))
    .setSubject(user.id)
    .setJti(randomUUID())
    .setIssuedAt()
    .setExpirationTime(`${SIGN_IN_LIFETIME_SECONDS}s`)
    .sign(key.privateKey);
}
