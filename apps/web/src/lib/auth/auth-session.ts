import type { PublicConfig } from '@portal/contracts/public-config';
import { NO_MERCHANT_ID } from '@portal/contracts/roles';
import { HOME_PATH, PUBLIC_PATHS } from '@portal/contracts/routes';
import type { PortalTokenClaims } from '@portal/contracts/token';
import { showAlert, showErrorAlert, type AlertText } from '../alerts/alert-store';
import { ApiError } from '../http/api-error';
import {
  clearSession,
  getAdminToken,
  getSelectedMerchantId,
  getToken,
  setAdminToken,
  setSelectedMerchantId,
  setToken,
  STORAGE_KEYS,
} from '../storage/portal-storage';
import { requestFakeToken } from './fake-auth-api';
import { forgetOriginPath, readOriginPath, rememberOriginPath } from './origin-path';
import { decodeToken } from './token-decoder';
import { errorContext, exchangeToken, logAuthError, signOutOnServer } from './token-exchange';
import { createUserManager, type AuthUserManager } from './user-manager';

type AuthStatus = 'loading' | 'signed-out' | 'signed-in';

/**
 * Why the last sign-in ended on /login, for the login page to explain:
 * `exchange` the token exchange failed; `refresh` renewing the provider's token (or the exchange after
 * it) failed; `parse` the portal token could not be read; `authState` the provider's answer was not a
 * valid sign-in.
 */
export type SignInFailure = 'exchange' | 'refresh' | 'parse' | 'authState';

export interface AuthSnapshot {
  readonly status: AuthStatus;
  /** The portal's token, as stored (specification §3); null unless signed in. */
  readonly token: string | null;
  readonly claims: PortalTokenClaims | null;
  /** Set when a sign-in or a renewal failed, until the next sign-in starts. */
  readonly failure: SignInFailure | null;
}

export type AuthNavigate = (to: string, options: { replace: true }) => unknown;

export interface AuthSessionOptions {
  readonly config: PublicConfig;
  /** Moves the app to a path (the router's `navigate`). */
  readonly navigate: AuthNavigate;
  /** By default, the identity provider's client built from the config; none with fake auth. */
  readonly userManager?: AuthUserManager | null;
}

export interface AuthSession {
  readonly subscribe: (listener: () => void) => () => void;
  readonly getSnapshot: () => AuthSnapshot;
  /**
   * Starts signing in: to the identity provider, or with fake auth to the admin page at /login.
   * `originPath` is where to land afterwards; without it the remembered one stays. `loginHint` fills
   * the provider's e-mail field (after a password was just created or reset).
   */
  readonly signIn: (originPath?: string, loginHint?: string) => Promise<void>;
  /** The return from the provider (/implicit/callback): redeems the code, exchanges, goes on. */
  readonly completeSignIn: () => Promise<void>;
  /** Fake auth: signs in as a user of the list, exchanging the server's token like a provider's. */
  readonly signInAsFakeUser: (email: string) => Promise<void>;
  /**
   * Exchanges the token again for this merchant and stores the choice. Rejects (keeping the current
   * token) when the exchange fails, e.g. 403 for a user with an assigned merchant.
   */
  readonly switchMerchant: (merchantId: string) => Promise<void>;
  /**
   * Forgets the tokens, ends the sign-in on the server (its tokens are refused from then on), then ends
   * the provider's session (revoking its tokens) or goes to /login.
   */
  readonly signOut: () => Promise<void>;
  /** For the HTTP client's `onUnauthorized`: the server no longer takes the token. */
  readonly handleUnauthorized: () => void;
  /** Stops listening to the provider's client and the storage. */
  readonly dispose: () => void;
}

const FAILURE_ALERTS: Record<Exclude<SignInFailure, 'exchange'>, AlertText> = {
  refresh: { key: 'auth:alerts.refreshFailed' },
  parse: { key: 'auth:alerts.parseFailed' },
  authState: { key: 'auth:alerts.authStateError' },
};

const SIGNED_OUT: AuthSnapshot = { status: 'signed-out', token: null, claims: null, failure: null };

function signedIn(token: string, claims: PortalTokenClaims): AuthSnapshot {
  return { status: 'signed-in', token, claims, failure: null };
}

/** The stored token at start-up; one that cannot be read is dropped, as if signed out. */
function snapshotFromStorage(): AuthSnapshot {
  const token = getToken();
  if (token === null) return SIGNED_OUT;
  try {
    return signedIn(token, decodeToken(token));
  } catch {
    setToken(null);
    return SIGNED_OUT;
  }
}

class SignInError extends Error {
  override readonly name = 'SignInError';

  constructor(
    readonly failure: SignInFailure,
    options?: ErrorOptions,
  ) {
    super(`Sign-in failed: ${failure}`, options);
  }
}

/**
 * The signed-in state of the portal (specification §4, docs/auth.md), outside React so that the HTTP
 * client and the router can reach it; `AuthProvider` hands it to the components.
 */
export function createAuthSession({
  config,
  navigate,
  userManager = config.fakeAuth ? null : createUserManager(config, window.location.origin),
}: AuthSessionOptions): AuthSession {
  let snapshot = snapshotFromStorage();
  const listeners = new Set<() => void>();
  // Only the newest exchange may set the token: a renewal must not undo a merchant switch begun after it.
  let exchangeGeneration = 0;
  let completing: Promise<void> | null = null;

  function setSnapshot(next: AuthSnapshot): void {
    snapshot = next;
    for (const listener of listeners) listener();
  }

  /**
   * Ends a failed sign-in or renewal on /login with its alert (specification §4, §8). `error` is a
   * SignInError, or anything else thrown on the way, which counts as `fallback`.
   */
  function fail(error: unknown, fallback: SignInFailure): void {
    const failure = error instanceof SignInError ? error.failure : fallback;
    exchangeGeneration++;
    setToken(null);
    setSnapshot({ ...SIGNED_OUT, failure });
    if (failure === 'exchange') showErrorAlert(error instanceof SignInError ? error.cause : error);
    else showAlert({ type: 'Error', message: FAILURE_ALERTS[failure] });
    // The provider's session stays, so "Sign in" comes straight back; its renewal timers stop.
    void userManager?.removeUser();
    navigate(PUBLIC_PATHS.login, { replace: true });
  }

  /** The merchant to ask for: the one of the current token, else the one chosen on this browser. */
  function merchantToAsk(): string {
    return snapshot.claims?.merchantID ?? getSelectedMerchantId() ?? NO_MERCHANT_ID;
  }

  /**
   * Exchanges and reads the answer. Resolves with the claims, or with null when a newer exchange has
   * begun meanwhile; rejects with a SignInError.
   */
  async function exchange(
    providerToken: string,
    merchantId: string,
  ): Promise<{ token: string; claims: PortalTokenClaims } | null> {
    const generation = ++exchangeGeneration;
    const outcome = await exchangeToken(providerToken, merchantId);
    if (generation !== exchangeGeneration) return null;
    if (outcome.error !== undefined) throw new SignInError('exchange', { cause: outcome.error });
    try {
      return { token: outcome.token, claims: decodeToken(outcome.token) };
    } catch (cause) {
      void logAuthError('Portal token cannot be read', errorContext(cause));
      throw new SignInError('parse', { cause });
    }
  }

  /**
   * The exchange of a sign-in or a renewal. A merchant remembered on this browser may be refused (403:
   * it belongs to another user of the browser, or no longer exists); the user then starts without one.
   */
  async function exchangeForSession(providerToken: string): Promise<void> {
    const merchantId = merchantToAsk();
    let result;
    try {
      result = await exchange(providerToken, merchantId);
    } catch (error) {
      const refused =
        error instanceof SignInError && error.cause instanceof ApiError && error.cause.status === 403;
      if (!refused || merchantId === NO_MERCHANT_ID) throw error;
      setSelectedMerchantId(null);
      result = await exchange(providerToken, NO_MERCHANT_ID);
    }
    if (!result) return;
    setToken(result.token);
    setSnapshot(signedIn(result.token, result.claims));
  }

  async function finishSignIn(providerToken: string): Promise<void> {
    await exchangeForSession(providerToken);
    if (snapshot.status !== 'signed-in') return;
    const destination = readOriginPath() ?? HOME_PATH;
    forgetOriginPath();
    navigate(destination, { replace: true });
  }

  async function providerToken(): Promise<string | null> {
    if (!userManager) return getAdminToken();
    const user = await userManager.getUser();
    return user?.access_token ?? null;
  }

  async function completeSignIn(): Promise<void> {
    if (!userManager) {
      navigate(PUBLIC_PATHS.login, { replace: true });
      return;
    }
    setSnapshot({ ...SIGNED_OUT, status: 'loading' });
    try {
      let user;
      try {
        user = await userManager.signinRedirectCallback();
      } catch (cause) {
        void logAuthError('Sign-in callback failed', errorContext(cause));
        throw new SignInError('authState', { cause });
      }
      await finishSignIn(user.access_token);
    } catch (error) {
      fail(error, 'authState');
    }
  }

  const unsubscribers: (() => void)[] = [];
  if (userManager) {
    unsubscribers.push(
      // Raised by every renewal, and also while signing in and out, when the status is not signed-in.
      userManager.events.addUserLoaded(async (user) => {
        if (snapshot.status !== 'signed-in') return;
        try {
          await exchangeForSession(user.access_token);
        } catch (error) {
          // A failed exchange after a renewal is a failed refresh of the portal token (§8).
          const unreadable = error instanceof SignInError && error.failure === 'parse';
          fail(unreadable ? error : new SignInError('refresh', { cause: error }), 'refresh');
        }
      }),
      userManager.events.addSilentRenewError((error) => {
        if (snapshot.status !== 'signed-in') return;
        void logAuthError('Renewing the identity provider token failed', errorContext(error));
        fail(error, 'refresh');
      }),
    );
  }

  // Another tab signed in, switched merchant or signed out: the stored token is the one every call sends.
  const onStorage = (event: StorageEvent) => {
    if (snapshot.status === 'loading') return;
    if (event.key === STORAGE_KEYS.token || event.key === null) setSnapshot(snapshotFromStorage());
  };
  window.addEventListener('storage', onStorage);

  return {
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,

    signIn: async (originPath, loginHint) => {
      if (originPath !== undefined) rememberOriginPath(originPath);
      if (snapshot.failure !== null) setSnapshot({ ...snapshot, failure: null });
      if (!userManager) {
        navigate(PUBLIC_PATHS.login, { replace: true });
        return;
      }
      try {
        await userManager.signinRedirect(loginHint === undefined ? undefined : { login_hint: loginHint });
      } catch (error) {
        showErrorAlert(error);
      }
    },

    completeSignIn: () => {
      // The callback page's effect can run twice (React's strict mode); the code can be redeemed once.
      completing ??= completeSignIn().finally(() => {
        completing = null;
      });
      return completing;
    },

    signInAsFakeUser: async (email) => {
      setSnapshot({ ...SIGNED_OUT, status: 'loading' });
      try {
        const adminToken = await requestFakeToken(email);
        setAdminToken(adminToken);
        await finishSignIn(adminToken);
      } catch (error) {
        fail(error, 'exchange');
      }
    },

    switchMerchant: async (merchantId) => {
      const token = await providerToken();
      if (token === null) throw new Error('There is no identity provider token to exchange');
      let result;
      try {
        result = await exchange(token, merchantId);
      } catch (error) {
        throw error instanceof SignInError && error.cause instanceof Error ? error.cause : error;
      }
      if (!result) return;
      setSelectedMerchantId(merchantId);
      setToken(result.token);
      setSnapshot(signedIn(result.token, result.claims));
    },

    signOut: async () => {
      exchangeGeneration++;
      const token = snapshot.token;
      clearSession();
      forgetOriginPath();
      // Loading, not signed out: the page shown would otherwise send the user to /login and remember it.
      setSnapshot({ ...SIGNED_OUT, status: 'loading' });
      // The server refuses this sign-in's tokens from now on; a failure here never holds sign-out back.
      if (token !== null) await signOutOnServer(token);
      if (userManager) {
        try {
          // Resolves only if the user comes back to this page (the browser's "Back").
          await userManager.signoutRedirect();
        } catch (error) {
          // The provider cannot be reached: this browser is signed out all the same.
          void logAuthError('Sign-out at the identity provider failed', errorContext(error));
          await userManager.removeUser().catch(() => undefined);
        }
      }
      setSnapshot(SIGNED_OUT);
      navigate(PUBLIC_PATHS.login, { replace: true });
    },

    handleUnauthorized: () => {
      if (snapshot.status !== 'signed-in') return;
      exchangeGeneration++;
      setToken(null);
      setSnapshot(SIGNED_OUT);
      void userManager?.removeUser();
      showAlert({ type: 'Info', message: { key: 'auth:alerts.sessionEnded' } });
    },

    dispose: () => {
      for (const unsubscribe of unsubscribers) unsubscribe();
      window.removeEventListener('storage', onStorage);
    },
  };
}
