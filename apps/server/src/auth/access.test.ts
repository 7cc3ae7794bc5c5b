import { generateKeyPairSync } from 'node:crypto';
import { Writable } from 'node:stream';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { SignJWT } from 'jose';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { NO_MERCHANT_ID, ROLE_SCOPES } from '@portal/contracts/roles';
import { SCOPES } from '@portal/contracts/scopes';
import { MAIN_MERCHANT } from '../seed/demo-merchants.js';
import { seedDemoData } from '../seed/seed.js';
import { buildTestApp } from '../test/test-app.js';
import type { TestApp } from '../test/test-app.js';
import { ANY_TEST_DIALECT, TEST_DIALECTS } from '../test/test-database.js';
import { authHeader, merchantIdByName, portalTokenFor, testConfig } from '../test/tokens.js';
import { currentMerchantId, MISSING_ACCESS_MESSAGE, requireMerchant } from './access.js';
import { getOrCreateKey } from './keys.js';

const testRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get('/api/test/signed-in', { config: { access: { scopes: [] } } }, (request) => request.principal);
  app.get('/api/test/users', { config: { access: { scopes: [SCOPES.usersRead] } } }, () => ({ ok: true }));
  app.get('/api/test/carts', { config: { access: { page: 'carts' } } }, () => ({ ok: true }));
  app.get('/api/test/public', { config: { access: 'public' } }, () => ({ ok: true }));
  app.get('/api/test/public-principal', { config: { access: 'public' } }, (request) => request.principal);
  app.get('/api/test/undeclared', () => ({ ok: true }));
  app.get('/api/test/current', { config: { access: { scopes: [] } } }, (request) => ({
    merchantId: currentMerchantId(request),
  }));
  app.get(
    '/api/test/merchants/:merchantId',
    { config: { access: { scopes: [] } }, schema: { params: z.object({ merchantId: z.string() }) } },
    (request) => {
      requireMerchant(request, request.params.merchantId);
      return { ok: true };
    },
  );
  done();
};

function logSink(): { logs: Record<string, unknown>[]; logger: pino.Logger } {
  const logs: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logs.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      callback();
    },
  });
  return { logs, logger: pino({ level: 'info' }, sink) };
}

describe.each(TEST_DIALECTS)('access enforcement (%s)', (dialect) => {
  const config = testConfig();
  let testApp: TestApp;
  let logs: Record<string, unknown>[];
  let mainMerchantId: string;
  let otherMerchantId: string;

  const get = async (url: string, headers: Record<string, string> = {}) =>
    testApp.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    const sink = logSink();
    logs = sink.logs;
    testApp = await buildTestApp({ dialect, logger: sink.logger });
    await testApp.app.register(testRoutes);
    await seedDemoData(testApp.database.db, { size: 'small' });
    mainMerchantId = await merchantIdByName(testApp.database.db, MAIN_MERCHANT);
    otherMerchantId = await merchantIdByName(testApp.database.db, 'Lakeside Furniture Co.');
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('answers 401 UNAUTHORIZED in the error shape without a token', async () => {
    const response = await get('/api/test/signed-in');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: { code: 'UNAUTHORIZED', message: 'Authentication is required' },
    });
    expect(response.headers['www-authenticate']).toBe('Bearer');
  });

  it('answers 401 for a malformed, foreign-signed, expired or misaddressed token', async () => {
    const good = await portalTokenFor(testApp.database, config, { role: 'ADMIN' });
    const [header, payload] = good.split('.');
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const key = await getOrCreateKey(testApp.database.db, 'portal-token');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<string, unknown>;
    const signWith = (signer: typeof privateKey, overrides: { iss?: string; aud?: string } = {}) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'ES256', kid: key.kid, typ: 'JWT' })
        .setIssuer(overrides.iss ?? config.publicUrl)
        .setAudience(overrides.aud ?? `${config.publicUrl}/api`)
        .sign(signer);
    const expired = await portalTokenFor(testApp.database, config, {
      role: 'ADMIN',
      issuedAt: new Date(Date.now() - 16 * 60 * 1000),
    });
    const tokens = {
      garbage: 'not-a-token',
      tampered: `${header ?? ''}.${Buffer.from(JSON.stringify({ ...claims, scp: ['x'] })).toString('base64url')}.${good.split('.')[2] ?? ''}`,
      foreignKey: await signWith(privateKey),
      expired,
      wrongIssuer: await signWith(key.privateKey, { iss: `${config.publicUrl}/oidc` }),
      wrongAudience: await signWith(key.privateKey, { aud: 'https://elsewhere.example' }),
    };
    for (const [name, token] of Object.entries(tokens)) {
      const response = await get('/api/test/signed-in', { authorization: `Bearer ${token}` });
      expect(response.statusCode, name).toBe(401);
      expect(response.json(), name).toEqual({
        error: { code: 'UNAUTHORIZED', message: 'The token is not valid or has expired' },
      });
      expect(response.headers['www-authenticate'], name).toBe('Bearer error="invalid_token"');
    }
    // The same claims, signed by the real key for the right issuer and audience, pass.
    const resigned = await signWith(key.privateKey);
    expect((await get('/api/test/signed-in', { authorization: `Bearer ${resigned}` })).statusCode).toBe(200);
    expect((await get('/api/test/signed-in', { authorization: `Basic ${good}` })).statusCode).toBe(401);
  });

  it('lets a valid token through and describes its caller in request.principal', async () => {
    const response = await get(
      '/api/test/signed-in',
      await authHeader(testApp.database, config, { role: 'USER' }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      role: 'USER',
      merchantId: mainMerchantId,
      isProviderStaff: false,
      scopes: [...ROLE_SCOPES.USER],
    });
    const staff = await get(
      '/api/test/signed-in',
      await authHeader(testApp.database, config, { role: 'INTERNAL_SUPPORT' }),
    );
    expect(staff.json()).toMatchObject({
      role: 'INTERNAL_SUPPORT',
      merchantId: null,
      tenantId: null,
      isProviderStaff: true,
    });
  });

  it('answers 403 FORBIDDEN when a scope is missing, checking scopes by exact membership', async () => {
    const readOnly = await authHeader(testApp.database, config, { role: 'READ_ONLY' });
    const response = await get('/api/test/users', readOnly);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: { code: 'FORBIDDEN', reason: 'auth.no_permission' } });
    const lookalike = await authHeader(testApp.database, config, {
      role: 'ADMIN',
      scopes: [`${SCOPES.usersRead}.extra`, 'r:merchant'],
    });
    expect((await get('/api/test/users', lookalike)).statusCode).toBe(403);
    const admin = await authHeader(testApp.database, config, { role: 'ADMIN' });
    expect((await get('/api/test/users', admin)).statusCode).toBe(200);
  });

  it("applies a page's scopes from the PAGES table", async () => {
    const noCartScope = await authHeader(testApp.database, config, {
      role: 'ADMIN',
      scopes: ROLE_SCOPES.ADMIN.filter((scope) => scope !== SCOPES.cartView),
    });
    expect((await get('/api/test/carts', noCartScope)).statusCode).toBe(403);
    const readOnly = await authHeader(testApp.database, config, { role: 'READ_ONLY' });
    expect((await get('/api/test/carts', readOnly)).statusCode).toBe(200);
    expect((await get('/api/test/carts')).statusCode).toBe(401);
  });

  it('lets public routes through without a token, where request.principal is a bug (500)', async () => {
    expect((await get('/api/test/public')).statusCode).toBe(200);
    const response = await get('/api/test/public-principal');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ error: { code: 'INTERNAL' } });
  });

  it('refuses an API route that declares no access with 403, and logs it naming the route', async () => {
    const admin = await authHeader(testApp.database, config, { role: 'INTERNAL_ADMIN' });
    const response = await get('/api/test/undeclared', admin);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
    const named = logs.filter((line) => line.msg === MISSING_ACCESS_MESSAGE).map((line) => line.route);
    // Once when it was registered, once when it was called.
    expect(named).toEqual(['GET /api/test/undeclared', 'GET /api/test/undeclared']);
  });

  it('leaves unknown API paths to the 404 handler', async () => {
    const response = await get('/api/test/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });

  it('requireMerchant: 403 for another merchant, the same answer whether it exists or not', async () => {
    const user = await authHeader(testApp.database, config, { role: 'ADMIN' });
    expect((await get(`/api/test/merchants/${mainMerchantId}`, user)).statusCode).toBe(200);
    const other = await get(`/api/test/merchants/${otherMerchantId}`, user);
    const missing = await get('/api/test/merchants/7d1f0e8a-5b8c-4a52-9d0a-0f2b3c4d5e6f', user);
    expect(other.statusCode).toBe(403);
    expect(missing.statusCode).toBe(403);
    expect(other.json()).toEqual(missing.json());
    const staff = await authHeader(testApp.database, config, { role: 'INTERNAL_ADMIN' });
    expect((await get(`/api/test/merchants/${NO_MERCHANT_ID}`, staff)).statusCode).toBe(403);
  });

  it('currentMerchantId: the chosen merchant, or 403 "Choose a merchant first"', async () => {
    const staff = await authHeader(testApp.database, config, { role: 'INTERNAL_ADMIN' });
    const none = await get('/api/test/current', staff);
    expect(none.statusCode).toBe(403);
    expect(none.json()).toEqual({
      error: {
        code: 'FORBIDDEN',
        message: 'Choose a merchant first',
        reason: 'auth.choose_merchant',
        params: {},
      },
    });
    const chosen = await authHeader(testApp.database, config, {
      role: 'INTERNAL_ADMIN',
      merchantId: otherMerchantId,
    });
    expect((await get('/api/test/current', chosen)).json()).toEqual({ merchantId: otherMerchantId });
  });

  it('serves the API docs publicly', async () => {
    expect((await get('/api/docs/json')).statusCode).toBe(200);
  });
});

describe.each(ANY_TEST_DIALECT)('every API route declares its access (%s)', (dialect) => {
  it('logs no route without config.access when the whole app is built', async () => {
    const { logs, logger } = logSink();
    const testApp = await buildTestApp({ dialect, logger, config: { fakeAuth: true } });
    try {
      await testApp.app.ready();
      const undeclared = logs.filter((line) => line.msg === MISSING_ACCESS_MESSAGE).map((line) => line.route);
      expect(undeclared).toEqual([]);
      // The walk above sees routes: a known one is there and declares its access.
      expect(testApp.app.printRoutes({ commonPrefix: false })).toContain('/api/auth/jwks');
    } finally {
      await testApp.close();
    }
  });
});

describe.each(ANY_TEST_DIALECT)('pages hidden for the brand (%s)', (dialect) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp({ dialect, config: { brand: 'rbc' } });
    await testApp.app.register(testRoutes);
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('answers 404 for the calls behind a page that rbc hides, token or not', async () => {
    const staff = await authHeader(testApp.database, testConfig({ brand: 'rbc' }), {
      role: 'INTERNAL_ADMIN',
    });
    for (const headers of [{}, staff]) {
      const response = await testApp.app.inject({ method: 'GET', url: '/api/test/carts', headers });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    }
    const users = await testApp.app.inject({ method: 'GET', url: '/api/test/users', headers: staff });
    expect(users.statusCode).toBe(200);
  });
});
