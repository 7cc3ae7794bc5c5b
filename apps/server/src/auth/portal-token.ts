import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { JSONWebKeySet } from 'jose';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { PORTAL_TOKEN_TTL_SECONDS } from '@portal/contracts/auth';
import { NO_MERCHANT_ID, ROLES } from '@portal/contracts/roles';
import type { Role } from '@portal/contracts/roles';
import { portalTokenClaimsSchema } from '@portal/contracts/token';
import type { Config } from '../config.js';
import type { Database } from '../db/schema.js';
import { getOrCreateKey, SIGNING_ALGORITHM } from './keys.js';

/**
 * The portal's own token (docs/auth.md): an ES256 JWT issued by `PUBLIC_URL` for the audience
 * `PUBLIC_URL + '/api'`. The provider's access tokens share that audience but come from
 * `PUBLIC_URL + '/oidc'` with another key and `typ: at+jwt`, so neither passes for the other.
 */
export const PORTAL_TOKEN_TYPE = 'JWT';

/** Instances' clocks differ by a little; more than this and the token counts as expired. */
const CLOCK_TOLERANCE_SECONDS = 5;

/** The all-zero id stands for "none" in the tenant claim too, as it does for the merchant (spec §3). */
const NO_TENANT_ID = NO_MERCHANT_ID;

type UrlConfig = Pick<Config, 'publicUrl'>;

export function portalTokenIssuer(config: UrlConfig): string {
  return config.publicUrl;
}

/** The API's resource URL: the audience of the portal token and of the provider's access tokens. */
export function apiAudience(config: UrlConfig): string {
  return `${config.publicUrl}/api`;
}

/**
 * The claims the server signs: the contract's shape plus what the server's checks need: the role, and
 * the sign-in session (`sid`, sign-in-sessions.ts) that the token belongs to.
 */
const signedClaimsSchema = portalTokenClaimsSchema.extend({
  role: z.enum(ROLES),
  sid: z.string().min(1),
  jti: z.string().min(1),
});

export interface PortalTokenSubject {
  userId: string;
  email: string;
  role: Role;
  scopes: readonly string[];
  /** Null for provider staff who have not chosen a merchant. */
  tenantId: string | null;
  /** Null until provider staff choose a merchant. */
  merchantId: string | null;
  /** The sign-in session (sign_in_sessions.id) the token belongs to. */
  sessionId: string;
}

export interface VerifiedPortalToken extends PortalTokenSubject {
  tokenId: string;
  expiresAt: Date;
}

export async function signPortalToken(
  db: Kysely<Database>,
  config: UrlConfig,
  subject: PortalTokenSubject,
  // A clock of its own lets tests mint tokens that have already expired.
  options: { issuedAt?: Date } = {},
): Promise<string> {
  const key = await getOrCreateKey(db, 'portal-token');
  const merchantId = subject.merchantId ?? NO_MERCHANT_ID;
  const issuedAt = Math.floor((options.issuedAt ?? new Date()).getTime() / 1000);
  return new SignJWT({
    scp: [...subject.scopes],
    cid: merchantId,
    tenantID: subject.tenantId ?? NO_TENANT_ID,
    uid: subject.userId,
    merchantID: merchantId,
    role: subject.role,
    sid: subject.sessionId,
  })
    .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid: key.kid, typ: PORTAL_TOKEN_TYPE })
    .setIssuer(portalTokenIssuer(config))
    .setAudience(apiAudience(config))
    .setSubject(subject.email)
    .setJti(randomUUID())
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + PORTAL_TOKEN_TTL_SECONDS)
    .sign(key.privateKey);
}

/**
 * Rejects (with jose's or zod's error) a token that is not a valid, unexpired portal token. The token
 * alone says nothing about whether its session or user still stands: the access check asks the database.
 */
export async function verifyPortalToken(
  db: Kysely<Database>,
  config: UrlConfig,
  token: string,
): Promise<VerifiedPortalToken> {
  const key = await getOrCreateKey(db, 'portal-token');
  const { payload } = await jwtVerify(token, key.publicKey, {
    algorithms: [SIGNING_ALGORITHM],
    issuer: portalTokenIssuer(config),
    audience: apiAudience(config),
    typ: PORTAL_TOKEN_TYPE,
    clockTolerance: CLOCK_TOLERANCE_SECONDS,
    requiredClaims: ['exp', 'iat'],
  });
  const claims = signedClaimsSchema.parse(payload);
  return {
    userId: claims.uid,
    email: claims.sub,
    role: claims.role,
    scopes: claims.scp,
    tenantId: claims.tenantID === NO_TENANT_ID ? null : claims.tenantID,
    merchantId: claims.merchantID === NO_MERCHANT_ID ? null : claims.merchantID,
    sessionId: claims.sid,
    tokenId: claims.jti,
    // jwtVerify has checked that `exp` is there (requiredClaims).
    expiresAt: new Date((payload.exp ?? 0) * 1000),
  };
}

/** The public keys that verify portal tokens, as served at GET /api/auth/jwks. */
export async function portalTokenJwks(db: Kysely<Database>): Promise<JSONWebKeySet> {
  const key = await getOrCreateKey(db, 'portal-token');
  return { keys: [key.publicJwk] };
}
