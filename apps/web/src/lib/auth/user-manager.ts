import type { PublicConfig } from '@portal/contracts/public-config';
import { PUBLIC_PATHS } from '@portal/contracts/routes';
import { UserManager, WebStorageStateStore, type User, type UserManagerEvents } from 'oidc-client-ts';

/** The part of oidc-client-ts's UserManager the auth session uses (tests give a stub of it). */
export interface AuthUserManager {
  readonly events: Pick<UserManagerEvents, 'addUserLoaded' | 'addSilentRenewError'>;
  getUser: () => Promise<User | null>;
  removeUser: () => Promise<void>;
  signinRedirect: (args?: { login_hint?: string }) => Promise<void>;
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
    // No revocation call before the redirect: the provider answers it with an empty text/plain body,
    // which oidc-client-ts rejects, and the sign-out never reached the provider. The end-session
    // redirect ends the provider's session and revokes the grant with its refresh token instead.
    revokeTokensOnSignout: false,
    userStore: store,
    stateStore: store,
  });
}
