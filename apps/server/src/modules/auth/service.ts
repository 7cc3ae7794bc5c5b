import type { Kysely } from 'kysely';
import { PORTAL_APP_ID } from '@portal/contracts/auth';
import type { Brand } from '@portal/contracts/brands';
import type { FakeUser } from '@portal/contracts/fake-auth';
import { isProviderRole, NO_MERCHANT_ID, ROLE_SCOPES } from '@portal/contracts/roles';
import { signPortalToken } from '../../auth/portal-token.js';
import { grantIsLive } from '../../auth/provider/database-adapter.js';
import { endSession, sessionForExchange } from '../../auth/sign-in-sessions.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import { AppError, forbidden, notFound, refused, unauthorized } from '../../http/app-error.js';
import { merchantWithBrand } from '../merchants/service.js';
import { accountOf, markSignedIn, signInChoices } from '../users/accounts.js';
import { ProviderTokenError, signFakeProviderToken, verifyProviderToken } from './provider-token.js';
import type { ProviderIdentity, VerifiedProviderToken } from './provider-token.js';

type ExchangeConfig = Pick<Config, 'publicUrl' | 'brand' | 'fakeAuth' | 'externalOidc'>;

/** A refusal of the exchange: the client sees `error`; `reason` goes to the log only. */
export class ExchangeRefused extends Error {
  constructor(
    readonly error: AppError,
    readonly reason: string,
    readonly userId?: string,
  ) {
    super(reason);
    this.name = 'ExchangeRefused';
  }
}

const SIGN_IN_NOT_VALID = refused('auth.sign_in_not_valid');

function refuse(error: AppError, reason: string, userId?: string): never {
  throw new ExchangeRefused(error, reason, userId);
}

async function userOf(db: Kysely<Database>, identity: ProviderIdentity) {
  return accountOf(db, identity.kind === 'userId' ? { id: identity.userId } : { email: identity.email });
}

/**
 * The token exchange (docs/auth.md): the identity provider's access token for the portal's own token.
 * The user must exist and be ACTIVE; a merchant user gets its own merchant (asking for another is 403);
 * provider staff get the merchant they ask for, which must be of this server's brand, or none yet.
 */
export async function exchangeToken(
  db: Kysely<Database>,
  config: ExchangeConfig,
  providerToken: string | undefined,
  request: { appID: string; merchantID: string },
): Promise<string> {
  if (providerToken === undefined) refuse(unauthorized(), 'no bearer token');
  let verified: VerifiedProviderToken;
  try {
    verified = await verifyProviderToken(db, config, providerToken);
  } catch (error) {
    if (error instanceof ProviderTokenError) refuse(unauthorized(SIGN_IN_NOT_VALID), error.reason);
    throw error;
  }
  if (request.appID !== PORTAL_APP_ID) {
    refuse(
      new AppError(400, 'VALIDATION_FAILED', 'The request is not valid', {
        details: [{ path: 'body.appID', message: 'Unknown application' }],
      }),
      `unknown appID ${JSON.stringify(request.appID)}`,
    );
  }

  const user = await userOf(db, verified.identity);
  if (user === undefined) refuse(unauthorized(SIGN_IN_NOT_VALID), 'no such user');
  if (user.status !== 'ACTIVE') refuse(unauthorized(SIGN_IN_NOT_VALID), `user is ${user.status}`, user.id);
  // The provider's access token outlives a revocation of its grant (sign-out, password reset).
  if (verified.grantId !== undefined && !(await grantIsLive(db, verified.grantId))) {
    refuse(unauthorized(SIGN_IN_NOT_VALID), 'grant revoked or expired', user.id);
  }

  const requested = request.merchantID;
  let merchantId: string | null;
  let tenantId: string | null;
  if (isProviderRole(user.role)) {
    if (requested === NO_MERCHANT_ID) {
      merchantId = null;
      tenantId = null;
    } else {
      const merchant = await merchantWithBrand(db, requested);
      // Missing and other-brand merchants are refused alike: the answer says nothing about the id.
      if (merchant?.brand !== config.brand)
        refuse(forbidden(), 'merchant missing or of another brand', user.id);
      merchantId = merchant.id;
      tenantId = merchant.tenantId;
    }
  } else {
    const own = user.merchant_id === null ? undefined : await merchantWithBrand(db, user.merchant_id);
    if (own === undefined) refuse(forbidden(), 'merchant user without a merchant', user.id);
    if (requested !== NO_MERCHANT_ID && requested !== own.id) {
      refuse(forbidden(), 'merchant user asked for another merchant', user.id);
    }
    if (own.brand !== config.brand) {
      refuse(forbidden(refused('auth.wrong_portal')), `merchant of brand ${own.brand}`, user.id);
    }
    merchantId = own.id;
    tenantId = own.tenantId;
  }

  const sessionId = await sessionForExchange(db, user.id, verified.providerSession);
  if (sessionId === undefined) refuse(unauthorized(SIGN_IN_NOT_VALID), 'sign-in session ended', user.id);
  await markSignedIn(db, user.id, new Date().toISOString());
  return signPortalToken(db, config, {
    sessionId,
    userId: user.id,
    email: user.email,
    role: user.role,
    scopes: ROLE_SCOPES[user.role],
    tenantId,
    merchantId,
  });
}

/** Sign-out on the server: the caller's sign-in session ends, and with it every token of it. */
export async function signOut(db: Kysely<Database>, sessionId: string): Promise<void> {
  await endSession(db, sessionId);
}

/** Fake auth: provider staff first, then by merchant, then by e-mail. */
export async function fakeUsers(db: Kysely<Database>, brand: Brand): Promise<FakeUser[]> {
  const rows = await signInChoices(db, brand);
  return rows
    .map((row) => ({
      email: row.email,
      name: `${row.first_name} ${row.last_name}`,
      role: row.role,
      merchant:
        row.merchant_id === null || row.merchant_name === null
          ? null
          : { id: row.merchant_id, name: row.merchant_name },
    }))
    .sort(
      (a, b) =>
        (a.merchant?.name ?? '').localeCompare(b.merchant?.name ?? '') || a.email.localeCompare(b.email),
    );
}

/** Fake auth: a provider-like token for an active user; the exchange then applies every other rule. */
export async function fakeProviderToken(
  db: Kysely<Database>,
  config: Pick<Config, 'publicUrl'>,
  email: string,
): Promise<string> {
  const user = await accountOf(db, { email });
  if (user?.status !== 'ACTIVE') throw notFound(refused('auth.no_active_user'));
  return signFakeProviderToken(db, config, user);
}
