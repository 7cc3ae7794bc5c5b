import type { PublicConfig } from '@portal/contracts/public-config';
import { createAuthSession, type AuthNavigate, type AuthSession } from '../lib/auth/auth-session';
import type { AuthUserManager } from '../lib/auth/user-manager';
import { configureHttpClient } from '../lib/http/http-client';
import { getToken } from '../lib/storage/portal-storage';

export interface StartAuthSessionOptions {
  /** The router's `navigate`. */
  readonly navigate: AuthNavigate;
  /** Tests give a stub of the identity provider's client; by default the session makes its own. */
  readonly userManager?: AuthUserManager | null;
}

/**
 * The app's auth session, and the HTTP client set up for it: the API origin of the public config,
 * the stored portal token on every call, and a 401 ends the session (the server no longer takes it).
 */
export function startAuthSession(
  config: PublicConfig,
  { navigate, userManager }: StartAuthSessionOptions,
): AuthSession {
  const session = createAuthSession({
    config,
    navigate,
    ...(userManager === undefined ? {} : { userManager }),
  });
  configureHttpClient({ apiurl: config.apiurl, getToken, onUnauthorized: session.handleUnauthorized });
  return session;
}
