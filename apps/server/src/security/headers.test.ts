import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_CLIENT_ID } from '@portal/contracts/auth';
import { hashPassword } from '../auth/password.js';
import { PORTAL_SCOPE } from '../auth/provider/provider.js';
import { loadConfig } from '../config.js';
import type { Config } from '../config.js';
import { MAIN_MERCHANT } from '../seed/demo-merchants.js';
import { seedDemoData } from '../seed/seed.js';
import { buildTestApp } from '../test/test-app.js';
import type { TestApp } from '../test/test-app.js';
import { ANY_TEST_DIALECT } from '../test/test-database.js';
import { merchantIdByName } from '../test/tokens.js';
import { insertTeamUser } from '../test/user-fixtures.js';

/**
 * The security headers of everything the process serves (issue 10, "Headers"): the strict content
 * security policy of http/security.ts, no framing, no sniffing, no referrer; HSTS and Secure cookies
 * when the portal is served over https, directly or behind a trusted proxy.
 */

const PASSWORD = 'Headers-Suite-Password-1';
const HTTPS_ORIGIN = 'https://portal.example.com';

/** The directives of http/security.ts, each exactly. */
const STRICT_DIRECTIVES = [
  "default-src 'self'",
  "base-uri 'self'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
];

function directivesOf(response: LightMyRequestResponse): string[] {
  return (response.headers['content-security-policy'] ?? '')
    .split(';')
    .map((directive) => directive.trim())
    .filter((directive) => directive !== '');
}

function expectStrictHeaders(response: LightMyRequestResponse, https: boolean): void {
  const directives = directivesOf(response);
  expect(directives.filter((directive) => directive !== 'upgrade-insecure-requests').sort()).toEqual(
    [...STRICT_DIRECTIVES].sort(),
  );
  expect(directives.includes('upgrade-insecure-requests')).toBe(https);
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toBe('no-referrer');
  expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  if (https) expect(response.headers['strict-transport-security']).toBe('max-age=31536000');
  else expect(response.headers['strict-transport-security']).toBeUndefined();
}

function setCookies(response: LightMyRequestResponse): string[] {
  const header = response.headers['set-cookie'];
  if (header === undefined) return [];
  return Array.isArray(header) ? header : [header];
}

function cookieHeader(cookies: readonly string[]): string {
  return cookies.map((cookie) => cookie.split(';', 1)[0]).join('; ');
}

function configOf(env: Record<string, string>): Config {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DEMO_DATA: 'false', ...env });
}

describe.each(ANY_TEST_DIALECT)('security headers (%s)', (dialect) => {
  let webDist: string;
  let testApp: TestApp | undefined;

  beforeAll(() => {
    webDist = mkdtempSync(join(tmpdir(), 'portal-web-'));
    writeFileSync(
      join(webDist, 'index.html'),
      '<!doctype html><html><body><div id="root"></div></body></html>',
    );
  });

  afterEach(async () => {
    await testApp?.close();
    testApp = undefined;
  });

  afterAll(() => {
    rmSync(webDist, { recursive: true, force: true });
  });

  const start = async (config: Config) => {
    testApp = await buildTestApp({ dialect, config, webDist });
    await seedDemoData(testApp.database.db, { size: 'small' });
    return testApp;
  };

  /** The portal's sign-in from /oidc/auth to the provider's session, with the cookies of each step. */
  const signIn = async (app: TestApp, origin: string, headers: Record<string, string>) => {
    const user = await insertTeamUser(
      app.database.db,
      await merchantIdByName(app.database.db, MAIN_MERCHANT),
      {
        role: 'ADMIN',
        passwordHash: await hashPassword(PASSWORD),
      },
    );
    const verifier = randomBytes(32).toString('base64url');
    const query = new URLSearchParams({
      client_id: PORTAL_CLIENT_ID,
      redirect_uri: `${origin}/implicit/callback`,
      response_type: 'code',
      scope: PORTAL_SCOPE,
      state: 'headers-suite',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    });
    const authorize = await app.app.inject({ method: 'GET', url: `/oidc/auth?${query.toString()}`, headers });
    expect(authorize.statusCode).toBe(303);
    const loginPath = new URL(String(authorize.headers.location), origin).pathname;
    const form = await app.app.inject({
      method: 'POST',
      url: loginPath,
      headers: {
        ...headers,
        cookie: cookieHeader(setCookies(authorize)),
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams({ email: user.email, password: PASSWORD }).toString(),
    });
    expect(form.statusCode).toBe(303);
    const resume = await app.app.inject({
      method: 'GET',
      url: new URL(String(form.headers.location), origin).pathname,
      headers: { ...headers, cookie: cookieHeader([...setCookies(authorize), ...setCookies(form)]) },
    });
    expect(resume.statusCode).toBe(303);
    expect(String(resume.headers.location)).toContain(`${origin}/implicit/callback?code=`);
    return {
      authorize,
      form,
      resume,
      cookies: [...setCookies(authorize), ...setCookies(form), ...setCookies(resume)],
    };
  };

  it('sends the strict policy on the portal, the API and the sign-in pages over http', async () => {
    const app = await start(configOf({}));
    for (const url of [
      '/',
      '/transactions',
      '/api/public-config',
      '/api/transactions',
      '/oidc/.well-known/openid-configuration',
    ]) {
      expectStrictHeaders(await app.app.inject({ method: 'GET', url }), false);
    }
    const { authorize, resume } = await signIn(app, configOf({}).publicUrl, {});
    expectStrictHeaders(authorize, false);
    expectStrictHeaders(resume, false);
  });

  it('adds HSTS and marks every cookie of the sign-in Secure when the portal is served over https', async () => {
    const app = await start(configOf({ PUBLIC_URL: HTTPS_ORIGIN }));
    for (const url of ['/', '/api/public-config', '/api/transactions']) {
      expectStrictHeaders(await app.app.inject({ method: 'GET', url }), true);
    }
    // TLS ends before the process: the request reaches it over http, as from a load balancer.
    const { authorize, cookies } = await signIn(app, HTTPS_ORIGIN, { 'x-forwarded-proto': 'https' });
    expectStrictHeaders(authorize, true);
    expect(cookies.length).toBeGreaterThan(0);
    expect(cookies.filter((cookie) => !/;\s*secure/i.test(cookie))).toEqual([]);
  });

  it('does the same behind one trusted proxy that says the client used https', async () => {
    const app = await start(configOf({ PUBLIC_URL: HTTPS_ORIGIN, TRUST_PROXY: '1' }));
    const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' };
    expectStrictHeaders(
      await app.app.inject({ method: 'GET', url: '/api/public-config', headers: forwarded }),
      true,
    );
    const { authorize, cookies } = await signIn(app, HTTPS_ORIGIN, forwarded);
    expectStrictHeaders(authorize, true);
    expect(cookies.length).toBeGreaterThan(0);
    expect(cookies.filter((cookie) => !/;\s*secure/i.test(cookie))).toEqual([]);
    expect(cookies.filter((cookie) => !/;\s*httponly/i.test(cookie) && !cookie.includes('.legacy'))).toEqual(
      [],
    );
  });
});
