import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/test-app.js';
import type { TestApp } from '../test/test-app.js';
import { ANY_TEST_DIALECT } from '../test/test-database.js';

const limitedRoute: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get('/test/limited', { config: { rateLimit: { max: 2, timeWindow: 60_000 } } }, () => ({ ok: true }));
  app.get('/test/unlimited', () => ({ ok: true }));
  done();
};

describe.each(ANY_TEST_DIALECT)('security headers and rate limits (%s)', (dialect) => {
  let testApp: TestApp;

  beforeEach(async () => {
    testApp = await buildTestApp({ dialect });
    await testApp.app.register(limitedRoute);
  });

  afterEach(async () => {
    await testApp.close();
  });

  it('sends a content security policy that allows only the portal itself and inline styles', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/healthz' });
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain("style-src 'self' 'unsafe-inline'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain('upgrade-insecure-requests');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('keeps browsers on https when the portal is served over https', async () => {
    await testApp.close();
    testApp = await buildTestApp({ dialect, config: { publicUrl: 'https://portal.example.com' } });
    const response = await testApp.app.inject({ method: 'GET', url: '/healthz' });
    expect(String(response.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000');
  });

  it('limits only the routes that opt in, with 429 RATE_LIMITED in the error shape', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      statuses.push((await testApp.app.inject({ method: 'GET', url: '/test/limited' })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 429]);
    const refused = await testApp.app.inject({ method: 'GET', url: '/test/limited' });
    expect(refused.headers['x-api-version']).toBe('v2');
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });

    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await testApp.app.inject({ method: 'GET', url: '/test/unlimited' })).statusCode).toBe(200);
    }
  });
});
