import { PORTAL_APP_ID } from '@portal/contracts/auth';
import { NO_MERCHANT_ID } from '@portal/contracts/roles';
import { HOME_PATH, PUBLIC_PATHS } from '@portal/contracts/routes';
import { fakeTokenEndpoint, logoutEndpoint, tokenExchangeEndpoint } from '@portal/contracts/auth-endpoints';
import { clientLogEndpoint } from '@portal/contracts/client-log-endpoints';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { alertStore, hideAlert } from '../alerts/alert-store';
import { createI18n } from '../i18n/i18n';
import {
  getAdminToken,
  getSelectedMerchantId,
  getToken,
  setAdminToken,
  setSelectedMerchantId,
  setToken,
  STORAGE_KEYS,
} from '../storage/portal-storage';
import { createAuthSession, type AuthSession } from './auth-session';
import { readOriginPath, rememberOriginPath } from './origin-path';
import {
  createStubUserManager,
  json,
  portalToken,
  providerUser,
  stubApi,
  TEST_CONFIG,
  type ApiCall,
} from './test-utils';

const EXCHANGE = `POST ${tokenExchangeEndpoint.path}`;
const LOG = `POST ${clientLogEndpoint.path}`;
const LOGOUT = `POST ${logoutEndpoint.path}`;
const MERCHANT_A = '11111111-1111-4111-8111-111111111111';
const MERCHANT_B = '22222222-2222-4222-8222-222222222222';

const claimsFor = (merchantID: string) => ({
  scp: ['r:merchant.settings'],
  cid: merchantID,
  tenantID: 'bread',
  sub: 'ada@example.test',
  uid: '6c1e2d3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
  merchantID,
});

/** The exchange as the server answers it: a token for the merchant asked for. */
const exchangeAnswer = (call: ApiCall) => {
  const { merchantID } = call.body as { merchantID: string };
  return json(200, { token: portalToken(claimsFor(merchantID)) });
};

let translations: i18n;
const sessions: AuthSession[] = [];
const navigate = vi.fn();

function startSession(
  userManager: ReturnType<typeof createStubUserManager> | null = createStubUserManager(),
) {
  const session = createAuthSession({
    config: { ...TEST_CONFIG, fakeAuth: userManager === null },
    navigate,
    userManager,
  });
  sessions.push(session);
  return session;
}

/** The text of the alert shown now, in English. */
function shownAlert(): { type: string; text: string } | null {
  const { alert, visible } = alertStore.getSnapshot();
  if (!alert || !visible) return null;
  return { type: alert.type, text: translations.t(alert.message.key, { ...alert.message.values }) };
}

beforeAll(async () => {
  translations = await createI18n({ locales: ['en'] });
});

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  hideAlert();
});

afterEach(() => {
  for (const session of sessions.splice(0)) session.dispose();
  navigate.mockReset();
  vi.unstubAllGlobals();
});

describe('signing in through the identity provider', () => {
  it('exchanges the provider token, stores the portal token and goes to the remembered path', async () => {
    const api = stubApi({ [EXCHANGE]: exchangeAnswer, [LOG]: json(200, { data: { id: 'l' } }) });
    const userManager = createStubUserManager(providerUser('provider-access-token'));
    const session = startSession(userManager);
    rememberOriginPath('/carts?status=SENT');

    const done = session.completeSignIn();
    expect(session.getSnapshot().status).toBe('loading');
    await done;

    const [exchange] = api.callsTo(EXCHANGE);
    expect(exchange?.headers.get('Authorization')).toBe('Bearer provider-access-token');
    expect(exchange?.body).toEqual({ appID: PORTAL_APP_ID, merchantID: NO_MERCHANT_ID });
    const token = getToken();
    expect(token).toBe(portalToken(claimsFor(NO_MERCHANT_ID)));
    expect(session.getSnapshot()).toEqual({
      status: 'signed-in',
      token,
      claims: claimsFor(NO_MERCHANT_ID),
      failure: null,
    });
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/carts?status=SENT', { replace: true });
    expect(readOriginPath()).toBeNull();
    expect(api.callsTo(LOG)).toEqual([]);
  });

  it('goes to the transactions without a remembered path, asking for the merchant chosen before', async () => {
    const api = stubApi({ [EXCHANGE]: exchangeAnswer });
    setSelectedMerchantId(MERCHANT_A);
    const session = startSession(createStubUserManager(providerUser('provider-access-token')));

    await session.completeSignIn();

    expect(api.callsTo(EXCHANGE).map((call) => call.body)).toEqual([
      { appID: PORTAL_APP_ID, merchantID: MERCHANT_A },
    ]);
    expect(session.getSnapshot().claims?.merchantID).toBe(MERCHANT_A);
    expect(navigate).toHaveBeenCalledExactlyOnceWith(HOME_PATH, { replace: true });
  });

  it('starts without a merchant when the one remembered on this browser is refused', async () => {
    const api = stubApi({
      [EXCHANGE]: (call) =>
        (call.body as { merchantID: string }).merchantID === MERCHANT_A
          ? json(403, { error: { code: 'FORBIDDEN', message: 'Forbidden' } })
          : exchangeAnswer(call),
    });
    setSelectedMerchantId(MERCHANT_A);
    const session = startSession(createStubUserManager(providerUser('provider-access-token')));

    await session.completeSignIn();

    expect(api.callsTo(EXCHANGE).map((call) => (call.body as { merchantID: string }).merchantID)).toEqual([
      MERCHANT_A,
      NO_MERCHANT_ID,
    ]);
    expect(session.getSnapshot().status).toBe('signed-in');
    expect(getSelectedMerchantId()).toBeNull();
  });

  it('redeems the code once when the callback page asks twice', async () => {
    stubApi({ [EXCHANGE]: exchangeAnswer });
    const userManager = createStubUserManager(providerUser('provider-access-token'));
    const session = startSession(userManager);

    await Promise.all([session.completeSignIn(), session.completeSignIn()]);

    expect(userManager.signinRedirectCallback).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('starts the redirect from signIn, remembering the origin given', async () => {
    const userManager = createStubUserManager();
    const session = startSession(userManager);

    await session.signIn('/data-insights');

    expect(userManager.signinRedirect).toHaveBeenCalledTimes(1);
    expect(readOriginPath()).toBe('/data-insights');
  });
});

describe('a failed sign-in', () => {
  it('logs a failed exchange, keeps an empty token and lands on /login with an error alert', async () => {
    const api = stubApi({
      [EXCHANGE]: json(401, { error: { code: 'UNAUTHORIZED', message: 'The user is disabled' } }),
      [LOG]: json(200, { data: { id: 'log-1' } }),
    });
    setToken(portalToken(claimsFor(MERCHANT_A)));
    const userManager = createStubUserManager(providerUser('provider-access-token'));
    const session = startSession(userManager);

    await session.completeSignIn();

    expect(getToken()).toBeNull();
    expect(session.getSnapshot()).toMatchObject({ status: 'signed-out', token: null, failure: 'exchange' });
    expect(shownAlert()).toEqual({ type: 'Error', text: 'Error was: The user is disabled' });
    expect(navigate).toHaveBeenCalledExactlyOnceWith(PUBLIC_PATHS.login, { replace: true });
    expect(userManager.removeUser).toHaveBeenCalled();

    const [log] = api.callsTo(LOG);
    expect(log?.headers.get('Authorization')).toBeNull();
    expect(log?.body).toMatchObject({
      level: 'error',
      message: 'Token exchange failed',
      context: { status: 401, code: 'UNAUTHORIZED', merchantID: NO_MERCHANT_ID },
    });
    expect(JSON.stringify(log?.body)).not.toContain('provider-access-token');
  });

  it("shows 'Failed to parse token from url' when the portal token cannot be read", async () => {
    stubApi({ [EXCHANGE]: json(200, { token: 'header.not-base64*.signature' }) });
    const session = startSession(createStubUserManager(providerUser('provider-access-token')));

    await session.completeSignIn();

    expect(shownAlert()).toEqual({ type: 'Error', text: 'Failed to parse token from url' });
    expect(session.getSnapshot()).toMatchObject({ status: 'signed-out', failure: 'parse' });
    expect(getToken()).toBeNull();
    expect(navigate).toHaveBeenCalledExactlyOnceWith(PUBLIC_PATHS.login, { replace: true });
  });

  it("shows 'authState error' when the provider's answer is not a valid sign-in", async () => {
    const api = stubApi({});
    const session = startSession(createStubUserManager(null));

    await session.completeSignIn();

    expect(shownAlert()).toEqual({ type: 'Error', text: 'authState error' });
    expect(session.getSnapshot().failure).toBe('authState');
    expect(api.callsTo(EXCHANGE)).toEqual([]);
    expect(navigate).toHaveBeenCalledExactlyOnceWith(PUBLIC_PATHS.login, { replace: true });
  });
});

describe('renewal', () => {
  async function signedInSession() {
    const api = stubApi({ [EXCHANGE]: exchangeAnswer });
    const userManager = createStubUserManager(providerUser('first-access-token'));
    const session = startSession(userManager);
    await session.completeSignIn();
    navigate.mockReset();
    return { api, userManager, session };
  }

  it('exchanges the renewed provider token again for the same merchant', async () => {
    const { api, userManager, session } = await signedInSession();
    await session.switchMerchant(MERCHANT_B);

    await userManager.renew(providerUser('renewed-access-token'));

    const last = api.callsTo(EXCHANGE).at(-1);
    expect(last?.headers.get('Authorization')).toBe('Bearer renewed-access-token');
    expect(last?.body).toEqual({ appID: PORTAL_APP_ID, merchantID: MERCHANT_B });
    expect(session.getSnapshot()).toMatchObject({ status: 'signed-in', claims: claimsFor(MERCHANT_B) });
    expect(navigate).not.toHaveBeenCalled();
  });

  it("shows 'Failed to refresh okta token for bread token' and goes to /login when renewal fails", async () => {
    const { session, userManager } = await signedInSession();

    await userManager.failRenewal(new Error('invalid_grant'));

    expect(shownAlert()).toEqual({ type: 'Error', text: 'Failed to refresh okta token for bread token' });
    expect(session.getSnapshot()).toMatchObject({ status: 'signed-out', failure: 'refresh' });
    expect(getToken()).toBeNull();
    expect(navigate).toHaveBeenCalledExactlyOnceWith(PUBLIC_PATHS.login, { replace: true });
  });

  it('counts a failed exchange after a renewal as a failed refresh', async () => {
    const { session, userManager } = await signedInSession();
    stubApi({ [EXCHANGE]: json(503, { error: { code: 'SERVICE_UNAVAILABLE', message: 'Down' } }) });

    await userManager.renew(providerUser('renewed-access-token'));

    expect(shownAlert()?.text).toBe('Failed to refresh okta token for bread token');
    expect(session.getSnapshot().status).toBe('signed-out');
  });

  it('ignores the provider loading its user while nobody is signed in', async () => {
    const api = stubApi({ [EXCHANGE]: exchangeAnswer });
    const userManager = createStubUserManager();
    startSession(userManager);

    await userManager.renew(providerUser('stray-access-token'));
    await userManager.failRenewal(new Error('stray'));

    expect(api.calls).toEqual([]);
    expect(shownAlert()).toBeNull();
  });
});

describe('switchMerchant', () => {
  it('exchanges with the chosen merchant id and stores it', async () => {
    const api = stubApi({ [EXCHANGE]: exchangeAnswer });
    const userManager = createStubUserManager(providerUser('provider-access-token'));
    const session = startSession(userManager);
    await session.completeSignIn();

    await session.switchMerchant(MERCHANT_A);

    expect(api.callsTo(EXCHANGE).at(-1)?.body).toEqual({ appID: PORTAL_APP_ID, merchantID: MERCHANT_A });
    expect(getSelectedMerchantId()).toBe(MERCHANT_A);
    expect(getToken()).toBe(portalToken(claimsFor(MERCHANT_A)));
    expect(session.getSnapshot().claims?.merchantID).toBe(MERCHANT_A);
  });

  it('rejects with the server error and keeps the current token when refused', async () => {
    stubApi({ [EXCHANGE]: exchangeAnswer });
    const session = startSession(createStubUserManager(providerUser('provider-access-token')));
    await session.completeSignIn();
    const before = session.getSnapshot();
    const api = stubApi({ [EXCHANGE]: json(403, { error: { code: 'FORBIDDEN', message: 'Not allowed' } }) });

    await expect(session.switchMerchant(MERCHANT_A)).rejects.toMatchObject({ status: 403 });

    expect(session.getSnapshot()).toBe(before);
    expect(getToken()).toBe(before.token);
    expect(getSelectedMerchantId()).toBeNull();
    expect(api.callsTo(`POST ${clientLogEndpoint.path}`)).toHaveLength(1);
  });
});

describe('signOut', () => {
  it('clears the stored tokens and ends the provider session, revoking its tokens', async () => {
    stubApi({ [EXCHANGE]: exchangeAnswer, [LOGOUT]: json(204, undefined) });
    const userManager = createStubUserManager(providerUser('provider-access-token'));
    const session = startSession(userManager);
    await session.completeSignIn();
    setAdminToken('admin-token');
    setSelectedMerchantId(MERCHANT_A);
    rememberOriginPath('/carts');
    let whenLeaving: unknown;
    userManager.signoutRedirect.mockImplementation(() => {
      whenLeaving = { token: getToken(), adminToken: getAdminToken(), status: session.getSnapshot().status };
      // The browser leaves for the provider and never comes back to this page.
      return new Promise(() => undefined);
    });

    void session.signOut();
    await vi.waitFor(() => {
      expect(userManager.signoutRedirect).toHaveBeenCalledTimes(1);
    });

    // The tokens are gone before the browser leaves.
    expect(whenLeaving).toEqual({ token: null, adminToken: null, status: 'loading' });
    expect(readOriginPath()).toBeNull();
    // The merchant history stays for the next sign-in on this browser (portal-storage's clearSession).
    expect(getSelectedMerchantId()).toBe(MERCHANT_A);
  });

  it('ends the sign-in on the server with the portal token before leaving for the provider', async () => {
    const api = stubApi({ [EXCHANGE]: exchangeAnswer, [LOGOUT]: json(204, undefined) });
    const userManager = createStubUserManager(providerUser('provider-access-token'));
    const session = startSession(userManager);
    await session.completeSignIn();
    const token = getToken();
    let logoutCallsWhenLeaving = -1;
    userManager.signoutRedirect.mockImplementation(() => {
      logoutCallsWhenLeaving = api.callsTo(LOGOUT).length;
      return new Promise(() => undefined);
    });

    void session.signOut();
    await vi.waitFor(() => {
      expect(userManager.signoutRedirect).toHaveBeenCalledTimes(1);
    });

    expect(logoutCallsWhenLeaving).toBe(1);
    expect(api.callsTo(LOGOUT)[0]?.headers.get('Authorization')).toBe(`Bearer ${token ?? ''}`);
  });

  it('signs out all the same when the server refuses or fails the sign-out call', async () => {
    for (const answer of [
      json(500, { error: { code: 'INTERNAL', message: 'Down' } }),
      json(401, undefined),
    ]) {
      const api = stubApi({ [EXCHANGE]: exchangeAnswer, [LOGOUT]: answer });
      const userManager = createStubUserManager(providerUser('provider-access-token'));
      const session = startSession(userManager);
      await session.completeSignIn();
      userManager.signoutRedirect.mockResolvedValue(undefined);

      await session.signOut();

      expect(userManager.signoutRedirect).toHaveBeenCalledTimes(1);
      expect(getToken()).toBeNull();
      expect(session.getSnapshot().status).toBe('signed-out');
      expect(api.callsTo(LOG)).toHaveLength(1);
    }
  });

  it('still signs out and goes to /login when the provider cannot be reached', async () => {
    const api = stubApi({ [EXCHANGE]: exchangeAnswer, [LOGOUT]: json(204, undefined) });
    const userManager = createStubUserManager(providerUser('provider-access-token'));
    const session = startSession(userManager);
    await session.completeSignIn();
    navigate.mockReset();
    userManager.signoutRedirect.mockRejectedValue(new Error('Failed to fetch'));

    await session.signOut();

    expect(session.getSnapshot().status).toBe('signed-out');
    expect(userManager.removeUser).toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledExactlyOnceWith(PUBLIC_PATHS.login, { replace: true });
    expect(api.callsTo(LOG)).toHaveLength(1);
  });
});

describe('fake auth', () => {
  it('exchanges the server token of the chosen user like a provider token', async () => {
    const api = stubApi({
      [`POST ${fakeTokenEndpoint.path}`]: json(200, { token: 'fake-admin-token' }),
      [EXCHANGE]: exchangeAnswer,
    });
    const session = startSession(null);
    rememberOriginPath('/user-management');

    await session.signInAsFakeUser('ada@example.test');

    expect(api.callsTo(`POST ${fakeTokenEndpoint.path}`).map((call) => call.body)).toEqual([
      { email: 'ada@example.test' },
    ]);
    expect(getAdminToken()).toBe('fake-admin-token');
    expect(api.callsTo(EXCHANGE)[0]?.headers.get('Authorization')).toBe('Bearer fake-admin-token');
    expect(session.getSnapshot().status).toBe('signed-in');
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/user-management', { replace: true });
  });

  it('switches merchant with the admin token', async () => {
    const api = stubApi({ [EXCHANGE]: exchangeAnswer });
    setAdminToken('fake-admin-token');
    setToken(portalToken(claimsFor(NO_MERCHANT_ID)));
    const session = startSession(null);

    await session.switchMerchant(MERCHANT_B);

    expect(api.callsTo(EXCHANGE)[0]?.headers.get('Authorization')).toBe('Bearer fake-admin-token');
    expect(session.getSnapshot().claims?.merchantID).toBe(MERCHANT_B);
  });

  it('signs out to /login without a provider', async () => {
    setAdminToken('fake-admin-token');
    setToken(portalToken(claimsFor(MERCHANT_A)));
    const session = startSession(null);

    await session.signOut();

    expect(getToken()).toBeNull();
    expect(getAdminToken()).toBeNull();
    expect(session.getSnapshot().status).toBe('signed-out');
    expect(navigate).toHaveBeenCalledExactlyOnceWith(PUBLIC_PATHS.login, { replace: true });
  });
});

describe('the stored token', () => {
  it('signs in at start-up with a readable stored token, and drops an unreadable one', () => {
    setToken(portalToken(claimsFor(MERCHANT_A)));
    expect(startSession().getSnapshot()).toMatchObject({
      status: 'signed-in',
      claims: claimsFor(MERCHANT_A),
    });

    setToken('not-a-token');
    expect(startSession().getSnapshot().status).toBe('signed-out');
    expect(getToken()).toBeNull();
  });

  it('follows a sign-out in another tab', () => {
    setToken(portalToken(claimsFor(MERCHANT_A)));
    const session = startSession();
    const listener = vi.fn();
    session.subscribe(listener);

    localStorage.removeItem(STORAGE_KEYS.token);
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.token }));

    expect(session.getSnapshot().status).toBe('signed-out');
    expect(listener).toHaveBeenCalled();
  });

  it('ends the session when the server no longer takes the token', () => {
    setToken(portalToken(claimsFor(MERCHANT_A)));
    const session = startSession();

    session.handleUnauthorized();

    expect(session.getSnapshot().status).toBe('signed-out');
    expect(getToken()).toBeNull();
    expect(shownAlert()).toEqual({
      type: 'Info',
      text: 'Your session has ended. Sign in again to continue.',
    });
  });
});
