import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { logoutEndpoint, tokenExchangeEndpoint } from '@portal/contracts/auth-endpoints';
import { PORTAL_APP_ID, PORTAL_CLIENT_ID } from '@portal/contracts/auth';
import { endpointUrl } from '@portal/contracts/endpoint';
import {
  changePasswordEndpoint,
  forgotPasswordEndpoint,
  passwordLinkEndpoints,
} from '@portal/contracts/passwords-endpoints';
import { NO_MERCHANT_ID } from '@portal/contracts/roles';
import type { UserStatus } from '@portal/contracts/enums';
import { buildApp } from '../../app.js';
import type { Config } from '../../config.js';
import type { DatabaseHandle } from '../../db/database.js';
import { freePort } from '../../test/free-port.js';
import { openTestDatabase, TEST_DIALECTS } from '../../test/test-database.js';
import { testConfig } from '../../test/tokens.js';
import { Browser, locationOf, pkcePair, PortalClient, type Tokens } from '../../test/oidc-browser.js';
import { latestLinkToken } from '../../test/user-fixtures.js';
import { hashPassword } from '../password.js';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  PORTAL_SCOPE,
  SIGN_IN_LIFETIME_SECONDS,
  providerPublicJwks,
} from './provider.js';
import { SIGN_IN_RATE_LIMIT } from './routes.js';
import { PAIR_THROTTLE } from './sign-in-throttle.js';

const PASSWORD = 'Correct-Horse-7';
const NEW_PASSWORD = 'A-Much-Longer-Passphrase-42';
const INDEX_HTML = '<!doctype html><html><body><div id="root"></div></body></html>';

/** The app listening on a free port, as a browser and oidc-client-ts reach it. */
interface RunningApp {
  app: FastifyInstance;
  base: string;
  config: Config;
}

async function startApp(
  database: DatabaseHandle,
  webDist: string,
  port?: number,
  overrides: Partial<Config> = {},
): Promise<RunningApp> {
  const listenOn = port ?? (await freePort());
  const config = testConfig({ publicUrl: `http://127.0.0.1:${listenOn}`, ...overrides });
  const app = await buildApp({ config, database, logger: pino({ level: 'silent' }), webDist });
  await app.listen({ host: '127.0.0.1', port: listenOn });
  return { app, base: config.publicUrl, config };
}

async function insertUser(
  database: DatabaseHandle,
  { status = 'ACTIVE', password = PASSWORD }: { status?: UserStatus; password?: string } = {},
): Promise<{ id: string; email: string }> {
  const id = randomUUID();
  const email = `user-${id.slice(0, 8)}@provider.test`;
  const now = new Date().toISOString();
  await database.db
    .insertInto('users')
    .values({
      id,
      tenant_id: null,
      merchant_id: null,
      email,
      first_name: 'Morgan',
      last_name: 'Tester',
      role: 'INTERNAL_ADMIN',
      status,
      password_hash: await hashPassword(password),
      invited_at: null,
      last_sign_in_at: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { id, email };
}

async function expectInvalidGrant(response: Response): Promise<void> {
  expect(response.status).toBe(400);
  expect(await response.json()).toMatchObject({ error: 'invalid_grant' });
}

describe.each(TEST_DIALECTS)('the built-in identity provider over HTTP (%s)', (dialect) => {
  let webDist: string;
  let database: DatabaseHandle;
  const running: RunningApp[] = [];

  async function start(port?: number, overrides?: Partial<Config>): Promise<RunningApp> {
    const started = await startApp(database, webDist, port, overrides);
    running.push(started);
    return started;
  }

  beforeAll(() => {
    webDist = mkdtempSync(join(tmpdir(), 'portal-web-'));
    writeFileSync(join(webDist, 'index.html'), INDEX_HTML);
  });

  afterAll(() => {
    rmSync(webDist, { recursive: true, force: true });
  });

  beforeAll(async () => {
    database = await openTestDatabase(dialect);
  });

  // Rate limits are counted in the database, for every server on it, and every request here comes from
  // 127.0.0.1: each test starts with none counted, as it would on a server of its own.
  beforeEach(async () => {
    await database.db.deleteFrom('rate_limit_counters').execute();
  });

  afterAll(async () => {
    await database.destroy();
  });

  afterEach(async () => {
    for (const started of running.splice(0)) await started.app.close();
  });

  it('publishes its discovery document and keys', async () => {
    const { base } = await start();
    const response = await fetch(`${base}/oidc/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const discovery = (await response.json()) as Record<string, unknown>;
    expect(discovery).toMatchObject({
      issuer: `${base}/oidc`,
      authorization_endpoint: `${base}/oidc/auth`,
      token_endpoint: `${base}/oidc/token`,
      jwks_uri: `${base}/oidc/jwks`,
      end_session_endpoint: `${base}/oidc/session/end`,
      revocation_endpoint: `${base}/oidc/token/revocation`,
      code_challenge_methods_supported: ['S256'],
    });
    const jwks = (await (await fetch(`${base}/oidc/jwks`)).json()) as { keys: { kid: string; d?: string }[] };
    const local = await providerPublicJwks(database.db);
    expect(jwks.keys.map((key) => key.kid)).toEqual(local.keys.map((key) => key.kid));
    expect(jwks.keys.every((key) => key.d === undefined)).toBe(true);
    expect(local.keys.every((key) => key.d === undefined)).toBe(true);

    // A path under /oidc that is none of the provider's answers like any unknown API path.
    const unknown = await fetch(`${base}/oidc/nothing-here`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'No route for GET /oidc/nothing-here' },
    });
  });

  it('signs in with the authorization code and PKCE, and issues a JWT access token for the API', async () => {
    const started = await start();
    const { base } = started;
    const user = await insertUser(database);
    const client = new PortalClient(started);

    const { response, verifier, state } = await client.startSignIn();
    expect(response.status).toBe(303);
    const loginPath = locationOf(response);
    const interactionId = /^\/login\/([\w-]+)$/.exec(loginPath)?.[1] ?? '';
    expect(interactionId).not.toBe('');

    // The page itself is the portal's (the SPA), and the server tells it what it needs.
    const page = await client.browser.request(loginPath);
    expect(page.status).toBe(200);
    expect(await page.text()).toBe(INDEX_HTML);
    const details = await fetch(`${base}/api/auth/interaction/${interactionId}`);
    expect(details.status).toBe(200);
    expect(await details.json()).toEqual({ prompt: 'login', clientName: 'Merchant portal' });

    const wrong = await client.submitSignIn(loginPath, user.email, 'not-the-password');
    expect(wrong.status).toBe(303);
    expect(locationOf(wrong)).toBe(`${loginPath}?error=invalid`);
    const unknown = await client.submitSignIn(loginPath, 'nobody@provider.test', PASSWORD);
    expect(locationOf(unknown)).toBe(`${loginPath}?error=invalid`);

    const right = await client.submitSignIn(loginPath, user.email.toUpperCase(), PASSWORD);
    expect(right.status).toBe(303);
    expect(locationOf(right)).toBe(`${base}/oidc/auth/${interactionId}`);
    const callback = await client.browser.follow(right);
    const code = client.codeFrom(callback, state);
    const tokens = await client.redeem(code, verifier);

    expect(tokens.expires_in).toBe(ACCESS_TOKEN_TTL_SECONDS);
    expect(typeof tokens.refresh_token).toBe('string');
    expect(decodeProtectedHeader(tokens.access_token)).toMatchObject({ alg: 'ES256', typ: 'at+jwt' });
    const jwks = createLocalJWKSet(await providerPublicJwks(database.db));
    const { payload } = await jwtVerify(tokens.access_token, jwks, {
      issuer: `${base}/oidc`,
      audience: `${base}/api`,
      typ: 'at+jwt',
      algorithms: ['ES256'],
    });
    expect(payload).toMatchObject({ sub: user.id, email: user.email, client_id: PORTAL_CLIENT_ID });
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(ACCESS_TOKEN_TTL_SECONDS);

    const idToken = await jwtVerify(tokens.id_token, jwks, {
      issuer: `${base}/oidc`,
      audience: PORTAL_CLIENT_ID,
    });
    expect(idToken.payload).toMatchObject({ sub: user.id, email: user.email, name: 'Morgan Tester' });

    const row = await database.db
      .selectFrom('users')
      .select('last_sign_in_at')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.last_sign_in_at).not.toBeNull();

    // The code is single use.
    await expectInvalidGrant(
      await client.token({
        grant_type: 'authorization_code',
        code,
        redirect_uri: client.redirectUri,
        code_verifier: verifier,
      }),
    );

    // Signed in already: the next authorization request goes straight back, with no consent screen.
    const again = await client.startSignIn();
    client.codeFrom(again.response, again.state);
  });

  it('refuses a token request without the right code verifier', async () => {
    const started = await start();
    const user = await insertUser(database);
    const client = new PortalClient(started);
    const { response, state } = await client.startSignIn();
    const callback = await client.browser.follow(
      await client.submitSignIn(locationOf(response), user.email, PASSWORD),
    );
    const code = client.codeFrom(callback, state);
    await expectInvalidGrant(
      await client.token({
        grant_type: 'authorization_code',
        code,
        redirect_uri: client.redirectUri,
        code_verifier: pkcePair().verifier,
      }),
    );
  });

  it('rotates refresh tokens, refuses a reused one, and survives a restart on the same database', async () => {
    const first = await start();
    const user = await insertUser(database);
    const client = new PortalClient(first);
    const signedIn = await client.signIn(user.email, PASSWORD);

    // The sign-in's refresh token as stored: its end is brought forward to tell rotation's rule apart.
    const storedRefreshTokens = async () =>
      (
        await database.db
          .selectFrom('oidc_models')
          .select(['id', 'payload'])
          .where('model', '=', 'RefreshToken')
          .execute()
      )
        .map((row) => ({
          id: row.id,
          payload: JSON.parse(row.payload) as { accountId?: string; exp?: number },
        }))
        .filter((row) => row.payload.accountId === user.id);
    const [original] = await storedRefreshTokens();
    expect((original?.payload.exp ?? 0) - Date.now() / 1000).toBeGreaterThan(SIGN_IN_LIFETIME_SECONDS - 60);
    const soonerEnd = Math.floor(Date.now() / 1000) + 300;
    await database.db
      .updateTable('oidc_models')
      .set({ payload: JSON.stringify({ ...original?.payload, exp: soonerEnd }) })
      .where('model', '=', 'RefreshToken')
      .where('id', '=', original?.id ?? '')
      .execute();

    const refreshed = await client.refresh(signedIn.refresh_token);
    expect(refreshed.status).toBe(200);
    const rotated = (await refreshed.json()) as Tokens;
    expect(rotated.refresh_token).not.toBe(signedIn.refresh_token);
    // Rotation never extends a sign-in: the new refresh token ends when the first one would have.
    const newEnds = (await storedRefreshTokens()).filter((row) => row.id !== original?.id);
    expect(newEnds).toHaveLength(1);
    expect(Math.abs((newEnds[0]?.payload.exp ?? 0) - soonerEnd)).toBeLessThanOrEqual(1);
    const jwks = createLocalJWKSet(await providerPublicJwks(database.db));
    await jwtVerify(rotated.access_token, jwks, {
      issuer: `${first.base}/oidc`,
      audience: `${first.base}/api`,
    });

    // Another process on the same database and URL: the adapter and the shared keys carry the sign-in.
    const port = Number(new URL(first.base).port);
    await first.app.close();
    running.splice(running.indexOf(first), 1);
    const second = await start(port);
    const afterRestart = await new PortalClient(second).refresh(rotated.refresh_token);
    expect(afterRestart.status).toBe(200);
    const fresh = (await afterRestart.json()) as Tokens;
    const { payload } = await jwtVerify(fresh.access_token, jwks, {
      issuer: `${second.base}/oidc`,
      audience: `${second.base}/api`,
      typ: 'at+jwt',
    });
    expect(payload.sub).toBe(user.id);

    // Reusing a rotated refresh token is refused, and revokes the whole grant (reuse detection).
    const secondClient = new PortalClient(second);
    await expectInvalidGrant(await secondClient.refresh(signedIn.refresh_token));
    await expectInvalidGrant(await secondClient.refresh(fresh.refresh_token));
  });

  it('revokes a refresh token', async () => {
    const started = await start();
    const user = await insertUser(database);
    const client = new PortalClient(started);
    const tokens = await client.signIn(user.email, PASSWORD);
    const revoked = await client.revoke(tokens.refresh_token);
    expect(revoked.status).toBe(200);
    await expectInvalidGrant(await client.refresh(tokens.refresh_token));
  });

  it('ends the session without a confirmation page and returns to /logout/callback', async () => {
    const started = await start();
    const { base } = started;
    const user = await insertUser(database);
    const client = new PortalClient(started);
    const tokens = await client.signIn(user.email, PASSWORD);

    const state = randomUUID();
    const query = new URLSearchParams({
      id_token_hint: tokens.id_token,
      post_logout_redirect_uri: `${base}/logout/callback`,
      client_id: PORTAL_CLIENT_ID,
      state,
    });
    const page = await client.browser.request(`/oidc/session/end?${query.toString()}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).not.toContain('fonts.googleapis.com');
    expect(html).not.toMatch(/Yes, sign me out/);
    // The page submits itself; its inline script runs under the helmet policy thanks to a nonce.
    const nonce = /<script nonce="([^"]+)">/.exec(html)?.[1];
    expect(nonce).toBeDefined();
    const policy = page.headers.get('content-security-policy') ?? '';
    expect(policy).toMatch(new RegExp(`script-src [^;]*'nonce-${(nonce ?? '').replace(/[+/=]/g, '\\$&')}'`));
    expect(html).toContain("input.name = 'logout'");

    // What that script does: post the provider's form with logout=yes.
    const action = /<form id="op\.logoutForm" method="post" action="([^"]+)">/.exec(html)?.[1] ?? '';
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
    const confirmed = await client.browser.request(action, { method: 'POST', form: { xsrf, logout: 'yes' } });
    expect(confirmed.status).toBe(303);
    expect(locationOf(confirmed)).toBe(`${base}/logout/callback?state=${state}`);

    // The session and its grant are gone: the refresh token is dead and the next sign-in asks again.
    await expectInvalidGrant(await client.refresh(tokens.refresh_token));
    const next = await client.startSignIn();
    expect(next.response.status).toBe(303);
    expect(locationOf(next.response)).toMatch(/^\/login\/[\w-]+$/);
  });

  it('answers a disabled account with its right password exactly like a wrong password', async () => {
    const started = await start();
    const client = new PortalClient(started);
    const disabled = await insertUser(database, { status: 'DISABLED' });
    const { response } = await client.startSignIn();
    const loginPath = locationOf(response);
    const right = await client.submitSignIn(loginPath, disabled.email, PASSWORD);
    const wrong = await client.submitSignIn(loginPath, disabled.email, 'wrong');
    const unknown = await client.submitSignIn(loginPath, 'nobody@provider.test', PASSWORD);
    for (const answer of [right, wrong, unknown]) {
      expect(answer.status).toBe(303);
      expect(locationOf(answer)).toBe(`${loginPath}?error=invalid`);
    }

    const active = await insertUser(database);
    const tokens = await new PortalClient(started).signIn(active.email, PASSWORD);
    await database.db.updateTable('users').set({ status: 'DISABLED' }).where('id', '=', active.id).execute();
    await expectInvalidGrant(await client.refresh(tokens.refresh_token));
  });

  it(`slows down after ${String(PAIR_THROTTLE.freeFailures)} failures, for a real and an unknown e-mail alike`, async () => {
    const started = await start();
    const user = await insertUser(database);
    const client = new PortalClient(started);
    const { response } = await client.startSignIn();
    const loginPath = locationOf(response);

    for (const email of [user.email, 'nobody-here@provider.test']) {
      for (let failure = 1; failure <= PAIR_THROTTLE.freeFailures; failure += 1) {
        const refused = await client.submitSignIn(loginPath, email, `wrong-${String(failure)}`);
        expect(locationOf(refused)).toBe(`${loginPath}?error=invalid`);
      }
      const before = Date.now();
      const throttled = new URL(
        locationOf(await client.submitSignIn(loginPath, email, PASSWORD)),
        started.base,
      );
      expect(throttled.pathname).toBe(loginPath);
      expect(throttled.searchParams.get('error')).toBe('throttled');
      const retryAt = Date.parse(throttled.searchParams.get('until') ?? '');
      expect(retryAt - before).toBeGreaterThan(0);
      expect(retryAt - before).toBeLessThanOrEqual(PAIR_THROTTLE.firstDelayMs + 1_000);
    }
  });

  describe('sessions that end on the server', () => {
    const exchange = (base: string, providerAccessToken: string) =>
      fetch(`${base}${endpointUrl(tokenExchangeEndpoint)}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${providerAccessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ appID: PORTAL_APP_ID, merchantID: NO_MERCHANT_ID }),
      });
    const call = (base: string, path: string, portalToken: string, init: RequestInit = {}) =>
      fetch(`${base}${path}`, {
        ...init,
        headers: {
          authorization: `Bearer ${portalToken}`,
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
      });
    const readsData = async (base: string, portalToken: string) =>
      (await call(base, '/api/merchants?limit=1', portalToken)).status;

    /** One browser signed in: the provider's tokens and the portal token of their exchange. */
    async function signedInBrowser(started: RunningApp, email: string, password = PASSWORD) {
      const provider = await new PortalClient(started).signIn(email, password);
      const exchanged = await exchange(started.base, provider.access_token);
      expect(exchanged.status).toBe(200);
      const { token } = (await exchanged.json()) as { token: string };
      return { provider, portalToken: token };
    }

    it('a password reset ends every session: refresh tokens, provider tokens and portal tokens', async () => {
      const started = await start();
      const user = await insertUser(database);
      const browsers = [
        await signedInBrowser(started, user.email),
        await signedInBrowser(started, user.email),
      ];
      for (const browser of browsers) expect(await readsData(started.base, browser.portalToken)).toBe(200);

      const forgot = await fetch(`${started.base}${endpointUrl(forgotPasswordEndpoint)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: user.email }),
      });
      expect(forgot.status).toBe(202);
      const link = await latestLinkToken(database.db, user.email, 'password-reset');
      const reset = await fetch(
        `${started.base}${endpointUrl(passwordLinkEndpoints.RESET.use, { token: link })}`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ password: NEW_PASSWORD }),
        },
      );
      expect(reset.status).toBe(200);

      const client = new PortalClient(started);
      for (const browser of browsers) {
        expect(await readsData(started.base, browser.portalToken)).toBe(401);
        await expectInvalidGrant(await client.refresh(browser.provider.refresh_token));
        expect((await exchange(started.base, browser.provider.access_token)).status).toBe(401);
      }
      const remaining = await database.db
        .selectFrom('oidc_models')
        .select('model')
        .where('account_id', '=', user.id)
        .execute();
      expect(remaining).toEqual([]);
      // The new password signs in again, in a new session.
      const again = await signedInBrowser(started, user.email, NEW_PASSWORD);
      expect(await readsData(started.base, again.portalToken)).toBe(200);
    });

    it("a password change ends every other session and keeps the caller's", async () => {
      const started = await start();
      const user = await insertUser(database);
      const mine = await signedInBrowser(started, user.email);
      const other = await signedInBrowser(started, user.email);

      const changed = await call(started.base, endpointUrl(changePasswordEndpoint), mine.portalToken, {
        method: 'POST',
        body: JSON.stringify({ currentPassword: PASSWORD, newPassword: NEW_PASSWORD }),
      });
      expect(changed.status).toBe(204);

      const client = new PortalClient(started);
      expect(await readsData(started.base, other.portalToken)).toBe(401);
      await expectInvalidGrant(await client.refresh(other.provider.refresh_token));
      expect((await exchange(started.base, other.provider.access_token)).status).toBe(401);

      expect(await readsData(started.base, mine.portalToken)).toBe(200);
      const renewed = await client.refresh(mine.provider.refresh_token);
      expect(renewed.status).toBe(200);
      const { access_token: renewedAccess } = (await renewed.json()) as Tokens;
      expect((await exchange(started.base, renewedAccess)).status).toBe(200);
    });

    it('sign-out refuses every portal token of that sign-in, and its provider tokens, on every instance', async () => {
      const started = await start();
      // A second instance of the same server on the same database: nothing about a session is kept in
      // a process. It serves the same public URL (behind a load balancer), here on a port of its own.
      const second = await start(undefined, { publicUrl: started.base });
      const { port } = second.app.server.address() as AddressInfo;
      const other = { base: `http://127.0.0.1:${String(port)}` };
      const user = await insertUser(database);
      const browser = await signedInBrowser(started, user.email);
      // A renewal exchanges again: the same sign-in, a second portal token.
      const renewed = await exchange(started.base, browser.provider.access_token);
      const { token: secondToken } = (await renewed.json()) as { token: string };
      const elsewhere = await signedInBrowser(started, user.email);

      const loggedOut = await call(other.base, endpointUrl(logoutEndpoint), browser.portalToken, {
        method: 'POST',
      });
      expect(loggedOut.status).toBe(204);
      for (const base of [started.base, other.base]) {
        expect(await readsData(base, browser.portalToken)).toBe(401);
        expect(await readsData(base, secondToken)).toBe(401);
        expect((await exchange(base, browser.provider.access_token)).status).toBe(401);
      }
      await expectInvalidGrant(await new PortalClient(started).refresh(browser.provider.refresh_token));
      expect(
        (await call(started.base, endpointUrl(logoutEndpoint), browser.portalToken, { method: 'POST' }))
          .status,
      ).toBe(401);
      // Another browser of the same user is another sign-in: it goes on.
      expect(await readsData(other.base, elsewhere.portalToken)).toBe(200);
    });
  });

  it('sends a post without its interaction cookie back to the page as expired', async () => {
    const started = await start();
    const user = await insertUser(database);
    const client = new PortalClient(started);
    const { response } = await client.startSignIn();
    const loginPath = locationOf(response);

    // Another browser (a cross-site form post arrives the same way: SameSite=Lax keeps the cookie back).
    const stranger = new Browser(started.base);
    const forged = await stranger.request(loginPath, {
      method: 'POST',
      form: { email: user.email, password: PASSWORD },
    });
    expect(forged.status).toBe(303);
    expect(locationOf(forged)).toBe(`${loginPath}?error=expired`);

    const unknown = await fetch(`${started.base}/api/auth/interaction/not-an-interaction`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });

  it('limits sign-in attempts per address', async () => {
    const started = await start();
    const client = new PortalClient(started);
    const { response } = await client.startSignIn();
    const loginPath = locationOf(response);
    const errors: (string | null)[] = [];
    for (let attempt = 0; attempt <= SIGN_IN_RATE_LIMIT.max; attempt += 1) {
      // Another e-mail each time: the throttle of one e-mail would answer before the limit.
      const refused = await client.submitSignIn(
        loginPath,
        `nobody-${String(attempt)}@provider.test`,
        'wrong',
      );
      errors.push(new URL(locationOf(refused), started.base).searchParams.get('error'));
    }
    expect(errors.slice(0, SIGN_IN_RATE_LIMIT.max).every((error) => error === 'invalid')).toBe(true);
    expect(errors.at(-1)).toBe('rate_limited');
  });

  it('renders its errors on a self-contained page', async () => {
    const started = await start();
    const response = await fetch(
      `${started.base}/oidc/auth?client_id=${PORTAL_CLIENT_ID}&response_type=code&scope=openid&redirect_uri=https://evil.example/cb`,
    );
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('Sign-in could not continue');
    expect(html).toContain('redirect_uri');
    expect(html).not.toMatch(/https?:\/\/(?!evil)[^"' ]*fonts/);
    expect(html).toContain('href="/login"');
  });

  it('is not there at all when an external provider is configured', async () => {
    const started = await start(undefined, {
      externalOidc: { issuer: 'https://idp.example', clientId: 'portal', audience: 'api://default' },
    });
    for (const [method, path] of [
      ['GET', '/oidc/.well-known/openid-configuration'],
      ['POST', '/login/an-interaction'],
      ['GET', '/api/auth/interaction/an-interaction'],
    ] as const) {
      const response = await fetch(`${started.base}${path}`, { method });
      expect(response.status, `${method} ${path}`).toBe(404);
    }
  });

  it('accepts the Vite dev server as a redirect target only when DEV_REDIRECT_ORIGIN names it', async () => {
    // Development alone is not asking: a plain start accepts only PUBLIC_URL.
    const plain = await start(undefined, { nodeEnv: 'development' });
    const asked = await start(undefined, { devRedirectOrigin: 'http://localhost:5173' });
    for (const [started, expected] of [
      [plain, 400],
      [asked, 303],
    ] as const) {
      const query = new URLSearchParams({
        client_id: PORTAL_CLIENT_ID,
        redirect_uri: 'http://localhost:5173/implicit/callback',
        response_type: 'code',
        scope: PORTAL_SCOPE,
        code_challenge: pkcePair().challenge,
        code_challenge_method: 'S256',
      });
      const response = await fetch(`${started.base}/oidc/auth?${query.toString()}`, { redirect: 'manual' });
      expect(response.status, String(started.config.devRedirectOrigin)).toBe(expected);
    }
  });
});
