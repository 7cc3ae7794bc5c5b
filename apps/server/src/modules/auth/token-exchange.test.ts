import { generateKeyPairSync } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { Writable } from 'node:stream';
import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify, SignJWT } from 'jose';
import type { JSONWebKeySet, JWTPayload } from 'jose';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_APP_ID, PORTAL_TOKEN_TTL_SECONDS } from '@portal/contracts/auth';
import { portalJwksEndpoint, tokenExchangeEndpoint } from '@portal/contracts/auth-endpoints';
import { endpointUrl } from '@portal/contracts/endpoint';
import { NO_MERCHANT_ID, ROLE_SCOPES } from '@portal/contracts/roles';
import { portalTokenClaimsSchema } from '@portal/contracts/token';
import { getOrCreateKey } from '../../auth/keys.js';
import type { Config } from '../../config.js';
import { MAIN_MERCHANT, RBC_MERCHANT } from '../../seed/demo-merchants.js';
import { seedDemoData } from '../../seed/seed.js';
import { buildTestApp } from '../../test/test-app.js';
import type { TestApp } from '../../test/test-app.js';
import { TEST_DIALECTS } from '../../test/test-database.js';
import { merchantIdByName, testConfig } from '../../test/tokens.js';
import { TOKEN_EXCHANGE_RATE_LIMIT } from './routes.js';

const ADMIN = 'admin@merchant.demo';
const READ_ONLY = 'readonly@merchant.demo';
const RBC_ADMIN = 'admin@rbc-merchant.demo';
const INTERNAL_ADMIN = 'internal.admin@provider.demo';
const MISSING_MERCHANT_ID = '7d1f0e8a-5b8c-4a52-9d0a-0f2b3c4d5e6f';

interface ProviderTokenOptions {
  sub?: string;
  email?: string;
  iss?: string;
  aud?: string;
  typ?: string;
  key?: KeyObject;
  issuedAt?: number;
  expiresAt?: number;
}

describe.each(TEST_DIALECTS)('token exchange (%s)', (dialect) => {
  const config: Config = testConfig();
  let testApp: TestApp;
  let logs: Record<string, unknown>[];
  let mainMerchantId: string;
  let lakesideMerchantId: string;
  let rbcMerchantId: string;

  async function userIdOf(email: string): Promise<string> {
    const row = await testApp.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** What the built-in provider issues (the same key, issuer, audience and typ), with any part changed. */
  async function providerToken(email: string, options: ProviderTokenOptions = {}): Promise<string> {
    const key = await getOrCreateKey(testApp.database.db, 'oidc-signing');
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ email })
      .setProtectedHeader({ alg: 'ES256', kid: key.kid, typ: options.typ ?? 'at+jwt' })
      .setIssuer(options.iss ?? `${config.publicUrl}/oidc`)
      .setAudience(options.aud ?? `${config.publicUrl}/api`)
      .setSubject(options.sub ?? (await userIdOf(email)))
      .setIssuedAt(options.issuedAt ?? now)
      .setExpirationTime(options.expiresAt ?? now + 600)
      .sign(options.key ?? key.privateKey);
  }

  async function exchange(token: string | undefined, merchantID = NO_MERCHANT_ID, appID = PORTAL_APP_ID) {
    return testApp.app.inject({
      method: 'POST',
      url: endpointUrl(tokenExchangeEndpoint),
      headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
      payload: { appID, merchantID },
    });
  }

  function claimsOf(response: Awaited<ReturnType<typeof exchange>>) {
    expect(response.statusCode, response.body).toBe(200);
    const { token } = response.json<{ token: string }>();
    return { token, claims: portalTokenClaimsSchema.parse(decodeJwt(token)) };
  }

  beforeAll(async () => {
    logs = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        logs.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        callback();
      },
    });
    testApp = await buildTestApp({ dialect, config, logger: pino({ level: 'info' }, sink) });
    await seedDemoData(testApp.database.db, { size: 'small' });
    mainMerchantId = await merchantIdByName(testApp.database.db, MAIN_MERCHANT);
    lakesideMerchantId = await merchantIdByName(testApp.database.db, 'Lakeside Furniture Co.');
    rbcMerchantId = await merchantIdByName(testApp.database.db, RBC_MERCHANT);
  });

  afterAll(async () => {
    await testApp.close();
  });

  it("answers a portal token with the role's scopes and the user's own merchant", async () => {
    const before = Date.now();
    const { token, claims } = claimsOf(await exchange(await providerToken(ADMIN)));
    const admin = await testApp.database.db
      .selectFrom('users')
      .innerJoin('merchants', 'merchants.id', 'users.merchant_id')
      .select(['users.id', 'users.last_sign_in_at', 'merchants.tenant_id'])
      .where('users.email', '=', ADMIN)
      .executeTakeFirstOrThrow();
    expect(claims).toEqual({
      scp: [...ROLE_SCOPES.ADMIN],
      cid: mainMerchantId,
      merchantID: mainMerchantId,
      tenantID: admin.tenant_id,
      sub: ADMIN,
      uid: admin.id,
    });
    expect(Date.parse(admin.last_sign_in_at ?? '')).toBeGreaterThanOrEqual(before - 1000);

    // It verifies against the published key set, for the API, and lives 15 minutes.
    const jwks = await testApp.app.inject({ method: 'GET', url: endpointUrl(portalJwksEndpoint) });
    expect(jwks.statusCode).toBe(200);
    const keySet = jwks.json<JSONWebKeySet>();
    expect(keySet.keys).toHaveLength(1);
    expect(keySet.keys[0]).not.toHaveProperty('d');
    const { payload } = await jwtVerify(token, createLocalJWKSet(keySet), {
      issuer: config.publicUrl,
      audience: `${config.publicUrl}/api`,
      algorithms: ['ES256'],
    });
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(PORTAL_TOKEN_TTL_SECONDS);
    expect(payload.jti).toEqual(expect.any(String));
    expect(decodeProtectedHeader(token).kid).toBe(keySet.keys[0]?.kid);

    // …and the access hook takes it.
    const current = await testApp.app.inject({
      method: 'GET',
      url: '/api/merchants/current',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(current.json()).toMatchObject({ data: { id: mainMerchantId, name: MAIN_MERCHANT } });
  });

  it('gives a merchant user its own merchant when asked with the all-zero id or its own id', async () => {
    const token = await providerToken(READ_ONLY);
    for (const asked of [NO_MERCHANT_ID, mainMerchantId]) {
      const { claims } = claimsOf(await exchange(token, asked));
      expect(claims.merchantID).toBe(mainMerchantId);
      expect(claims.scp).toEqual([...ROLE_SCOPES.READ_ONLY]);
    }
  });

  it('refuses with 403 a merchant user asking for another merchant, existing or not', async () => {
    const token = await providerToken(ADMIN);
    const other = await exchange(token, lakesideMerchantId);
    const missing = await exchange(token, MISSING_MERCHANT_ID);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
    expect(missing.json()).toEqual(other.json());
  });

  it('refuses with 403 a merchant user of the other brand', async () => {
    const response = await exchange(await providerToken(RBC_ADMIN));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
  });

  it('lets provider staff start without a merchant and switch to any merchant of the brand', async () => {
    const token = await providerToken(INTERNAL_ADMIN);
    const { claims: none } = claimsOf(await exchange(token));
    expect(none).toMatchObject({
      cid: NO_MERCHANT_ID,
      merchantID: NO_MERCHANT_ID,
      scp: [...ROLE_SCOPES.INTERNAL_ADMIN],
    });

    const { claims: chosen, token: portalToken } = claimsOf(await exchange(token, lakesideMerchantId));
    expect(chosen.cid).toBe(lakesideMerchantId);
    expect(chosen.merchantID).toBe(lakesideMerchantId);
    const current = await testApp.app.inject({
      method: 'GET',
      url: '/api/merchants/current',
      headers: { authorization: `Bearer ${portalToken}` },
    });
    expect(current.json()).toMatchObject({ data: { id: lakesideMerchantId } });

    const { claims: switched } = claimsOf(await exchange(token, mainMerchantId));
    expect(switched.cid).toBe(mainMerchantId);
  });

  it('refuses provider staff a merchant of the other brand, or one that does not exist, alike', async () => {
    const token = await providerToken(INTERNAL_ADMIN);
    const otherBrand = await exchange(token, rbcMerchantId);
    const missing = await exchange(token, MISSING_MERCHANT_ID);
    expect(otherBrand.statusCode).toBe(403);
    expect(missing.statusCode).toBe(403);
    expect(otherBrand.json()).toEqual(missing.json());
  });

  it('refuses with 401 a missing, expired, foreign-signed, misaddressed or mistyped provider token', async () => {
    const now = Math.floor(Date.now() / 1000);
    const { privateKey: ownKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const { token: portalToken } = claimsOf(await exchange(await providerToken(ADMIN)));
    const refused: Record<string, string | undefined> = {
      missing: undefined,
      garbage: 'not.a.token',
      expired: await providerToken(ADMIN, { issuedAt: now - 1200, expiresAt: now - 600 }),
      wrongSignature: await providerToken(ADMIN, { key: ownKey }),
      wrongAudience: await providerToken(ADMIN, { aud: 'https://elsewhere.example/api' }),
      wrongIssuer: await providerToken(ADMIN, { iss: 'https://elsewhere.example/oidc' }),
      notAnAccessToken: await providerToken(ADMIN, { typ: 'JWT' }),
      // The portal's own token is not a provider token.
      portalToken,
    };
    for (const [name, token] of Object.entries(refused)) {
      const response = await exchange(token);
      expect(response.statusCode, name).toBe(401);
      expect(response.json<{ error: { code: string } }>().error.code, name).toBe('UNAUTHORIZED');
    }
  });

  it('refuses with 401 a user who is disabled, invited or unknown', async () => {
    const token = await providerToken(READ_ONLY);
    await testApp.database.db
      .updateTable('users')
      .set({ status: 'DISABLED' })
      .where('email', '=', READ_ONLY)
      .execute();
    try {
      expect((await exchange(token)).statusCode).toBe(401);
      await testApp.database.db
        .updateTable('users')
        .set({ status: 'INVITED' })
        .where('email', '=', READ_ONLY)
        .execute();
      expect((await exchange(token)).statusCode).toBe(401);
    } finally {
      await testApp.database.db
        .updateTable('users')
        .set({ status: 'ACTIVE' })
        .where('email', '=', READ_ONLY)
        .execute();
    }
    expect((await exchange(token)).statusCode).toBe(200);
    const unknown = await providerToken(ADMIN, { sub: MISSING_MERCHANT_ID });
    expect((await exchange(unknown)).statusCode).toBe(401);
  });

  it('refuses an unknown application with 400 and a bad body with its field', async () => {
    const token = await providerToken(ADMIN);
    const unknownApp = await exchange(token, NO_MERCHANT_ID, 'another-app');
    expect(unknownApp.statusCode).toBe(400);
    expect(unknownApp.json()).toMatchObject({ error: { details: [{ path: 'body.appID' }] } });
    const badId = await exchange(token, 'not-a-uuid');
    expect(badId.statusCode).toBe(400);
    expect(badId.json()).toMatchObject({
      error: { code: 'VALIDATION_FAILED', details: [{ path: 'body.merchantID' }] },
    });
  });

  it('logs every refusal with its reason and never the token', async () => {
    const token = await providerToken(ADMIN, { aud: 'https://elsewhere.example/api' });
    const from = logs.length;
    await exchange(token);
    await exchange(await providerToken(ADMIN), lakesideMerchantId);
    const refusals = logs.slice(from).filter((line) => line.msg === 'token exchange refused');
    expect(refusals.map((line) => typeof line.reason)).toEqual(['string', 'string']);
    expect(refusals[1]).toMatchObject({
      reason: 'merchant user asked for another merchant',
      userId: await userIdOf(ADMIN),
    });
    const signature = token.split('.')[2] ?? '';
    expect(JSON.stringify(logs)).not.toContain(signature);
  });
});

describe.each(TEST_DIALECTS)('token exchange rate limit (%s)', (dialect) => {
  it(`answers 429 after ${TOKEN_EXCHANGE_RATE_LIMIT.max} exchanges a minute from one address`, async () => {
    const testApp = await buildTestApp({ dialect });
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt <= TOKEN_EXCHANGE_RATE_LIMIT.max; attempt += 1) {
        const response = await testApp.app.inject({
          method: 'POST',
          url: endpointUrl(tokenExchangeEndpoint),
          payload: { appID: PORTAL_APP_ID, merchantID: NO_MERCHANT_ID },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(0, -1).every((status) => status === 401)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await testApp.close();
    }
  });
});

describe.each(TEST_DIALECTS)('fake auth (%s)', (dialect) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp({ dialect, config: { fakeAuth: true } });
    await seedDemoData(testApp.database.db, { size: 'small' });
  });

  afterAll(async () => {
    await testApp.close();
  });

  it("lists the active users of this brand's merchants and the provider staff", async () => {
    await testApp.database.db
      .updateTable('users')
      .set({ status: 'DISABLED' })
      .where('email', '=', READ_ONLY)
      .execute();
    const response = await testApp.app.inject({ method: 'GET', url: '/api/auth/fake/users' });
    await testApp.database.db
      .updateTable('users')
      .set({ status: 'ACTIVE' })
      .where('email', '=', READ_ONLY)
      .execute();
    expect(response.statusCode).toBe(200);
    const users = response.json<{
      data: { email: string; role: string; merchant: { name: string } | null }[];
    }>().data;
    const emails = users.map((user) => user.email);
    expect(emails).toEqual(expect.arrayContaining([ADMIN, 'user@merchant.demo', INTERNAL_ADMIN]));
    expect(emails).not.toContain(READ_ONLY);
    expect(emails).not.toContain(RBC_ADMIN);
    expect(users[0]?.merchant).toBeNull();
    expect(users.find((user) => user.email === ADMIN)).toMatchObject({
      role: 'ADMIN',
      name: 'Avery Admin',
      merchant: { name: MAIN_MERCHANT },
    });
  });

  it('answers a provider-like token that the exchange takes like the provider’s', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/fake/token',
      payload: { email: 'User@Merchant.demo' },
    });
    expect(response.statusCode).toBe(200);
    const { token } = response.json<{ token: string }>();
    expect(decodeProtectedHeader(token).typ).toBe('at+jwt');
    const exchanged = await testApp.app.inject({
      method: 'POST',
      url: endpointUrl(tokenExchangeEndpoint),
      headers: { authorization: `Bearer ${token}` },
      payload: { appID: PORTAL_APP_ID, merchantID: NO_MERCHANT_ID },
    });
    expect(exchanged.statusCode).toBe(200);
    const claims = decodeJwt(exchanged.json<{ token: string }>().token);
    expect(claims).toMatchObject({ sub: 'user@merchant.demo', scp: [...ROLE_SCOPES.USER] });
  });

  it('answers 404 for an e-mail without an active user', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/fake/token',
      payload: { email: 'nobody@merchant.demo' },
    });
    expect(response.statusCode).toBe(404);
  });

  it('does not exist when fake auth is off', async () => {
    const off = await buildTestApp({ dialect });
    try {
      const users = await off.app.inject({ method: 'GET', url: '/api/auth/fake/users' });
      const token = await off.app.inject({
        method: 'POST',
        url: '/api/auth/fake/token',
        payload: { email: ADMIN },
      });
      expect(users.statusCode).toBe(404);
      expect(token.statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});

describe.each(TEST_DIALECTS)('token exchange with an external identity provider (%s)', (dialect) => {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  let issuer: string;
  let server: import('node:http').Server;
  let testApp: TestApp;

  async function externalToken(claims: JWTPayload, options: { aud?: string } = {}): Promise<string> {
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256', kid: 'external-1' })
      .setIssuer(issuer)
      .setAudience(options.aud ?? 'api://portal')
      .setSubject('00u1external')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(privateKey);
  }

  async function exchange(token: string) {
    return testApp.app.inject({
      method: 'POST',
      url: endpointUrl(tokenExchangeEndpoint),
      headers: { authorization: `Bearer ${token}` },
      payload: { appID: PORTAL_APP_ID, merchantID: NO_MERCHANT_ID },
    });
  }

  beforeAll(async () => {
    const { createServer } = await import('node:http');
    const jwk = { ...publicKey.export({ format: 'jwk' }), kid: 'external-1', alg: 'ES256', use: 'sig' };
    server = createServer((request, response) => {
      const body =
        request.url === '/.well-known/openid-configuration'
          ? { issuer, jwks_uri: `${issuer}/keys` }
          : request.url === '/keys'
            ? { keys: [jwk] }
            : undefined;
      response.writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body ?? {}));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    issuer = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;
    testApp = await buildTestApp({
      dialect,
      config: { externalOidc: { issuer, clientId: 'portal', audience: 'api://portal' } },
    });
    await seedDemoData(testApp.database.db, { size: 'small' });
  });

  afterAll(async () => {
    await testApp.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it("verifies the provider's token against its JWKS and finds the user by e-mail", async () => {
    const response = await exchange(await externalToken({ email: 'Admin@Merchant.demo' }));
    expect(response.statusCode, response.body).toBe(200);
    expect(decodeJwt(response.json<{ token: string }>().token)).toMatchObject({ sub: ADMIN });
  });

  it('refuses a token without an e-mail, for another audience, or from the built-in provider', async () => {
    expect((await exchange(await externalToken({}))).statusCode).toBe(401);
    expect((await exchange(await externalToken({ email: ADMIN }, { aud: 'api://other' }))).statusCode).toBe(
      401,
    );
    const key = await getOrCreateKey(testApp.database.db, 'oidc-signing');
    const builtIn = await new SignJWT({ email: ADMIN })
      .setProtectedHeader({ alg: 'ES256', kid: key.kid, typ: 'at+jwt' })
      .setIssuer('http://localhost:3000/oidc')
      .setAudience('http://localhost:3000/api')
      .setSubject('anyone')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(key.privateKey);
    expect((await exchange(builtIn)).statusCode).toBe(401);
  });
});
