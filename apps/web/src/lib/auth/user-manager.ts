import type { PublicConfig } from '@portal/contracts/public-config';
import { PUBLIC_PATHS } from '@portal/contracts/routes';
import { UserManager, WebStorageStateStore, type User, type UserManagerEvents } from 'oidc-client-ts';

/** The part of oidc-client-ts's UserManager the auth session uses (tests give a stub of it). */
export interface AuthUserManager {
  readonly events: Pick<UserManagerEvents, 'addUserLoaded' | 'addSilentRenewError'>;
  getUser: () => Promise<User | null>;
  removeUser: () => Promise<void>;
  signinRedirect: () => Promise<void>;
  signinRedirectCallback: (url?: string) => Promise<User>;
  signoutRedirect: () => Promise<void>;
}

const OIDC_SCOPE = 'openid profile email offline_access';

/**
 * The identity provider's client (docs/auth.md): authorization code with PKCE, renewal through the
 * refresh token before the provider's access token expires.
 */
export function createUserManager(config: PublicConfig, origin: string): UserManager {
  // Both stores in session storage: local storage holds exactly what the specification lists (§3).
  const store = new WebStorageStateStore({ store: window.sessionStorage });
  return new UserManager({
    authority: config.oidc.authority,
    client_id: config.oidc.clientId,
    redirect_uri: origin + PUBLIC_PATHS.implicitCallback,
    post_logout_redirect_uri: origin + PUBLIC_PATHS.logoutCallback,
    response_type: 'code',
    scope: OIDC_SCOPE,
    automaticSilentRenew: true,
    revokeTokensOnSignout: true,
    // The provider's access tokens are JWTs, which cannot be revoked (it answers 400 and sign-out would
    // stop there); they are short-lived, and revoking the refresh token ends the grant.
    revokeTokenTypes: ['refresh_token'],
    userStore: store,
    stateStore: store,
  });
}
