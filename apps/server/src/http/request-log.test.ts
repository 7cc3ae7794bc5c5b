import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../seed/seed.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { ANY_TEST_DIALECT } from '../test/test-database.js';
import { authHeader, merchantIdByName, testConfig } from '../test/tokens.js';
import { MAIN_MERCHANT } from '../seed/demo-merchants.js';

describe.each(ANY_TEST_DIALECT)('the request log (%s)', (dialect) => {
  const config = testConfig();
  let testApp: TestApp;
  let lines: Record<string, unknown>[];

  beforeAll(async () => {
    lines = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        callback();
      },
    });
    testApp = await buildTestApp({ dialect, config, logger: pino({ level: 'info' }, sink) });
    await seedDemoData(testApp.database.db, { size: 'small' });
  });

  afterAll(async () => {
    await testApp.close();
  });

  const completed = (requestId: string) =>
    lines.filter((line) => line.requestId === requestId && line.msg === 'request completed');

  it('writes one line per request with what support asks for: who, what, answer and time', async () => {
    const { authorization } = await authHeader(testApp.database, config, { role: 'ADMIN' });
    const merchantId = await merchantIdByName(testApp.database.db, MAIN_MERCHANT);
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/transactions?limit=25',
      headers: { authorization, 'x-request-id': 'support-1' },
    });
    expect(response.statusCode).toBe(200);
    const mine = lines.filter((line) => line.requestId === 'support-1');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      level: 30,
      method: 'GET',
      url: '/api/transactions?limit=25',
      route: '/api/transactions',
      status: 200,
      merchantId,
    });
    expect(typeof mine[0]?.userId).toBe('string');
    expect(typeof mine[0]?.ms).toBe('number');
    expect(JSON.stringify(mine[0])).not.toContain(authorization.slice('Bearer '.length));
  });

  it('hides the secrets of the URL and names no caller when nobody signed in', async () => {
    await testApp.app.inject({
      method: 'GET',
      url: '/api/checkout/secret-token-value',
      headers: { 'x-request-id': 'support-2' },
    });
    const [line] = completed('support-2');
    expect(line?.url).toBe('/api/checkout/[redacted]');
    expect(line?.userId).toBeUndefined();
    expect(JSON.stringify(lines)).not.toContain('secret-token-value');
  });

  it("writes one line for the identity provider's requests too, which it answers itself", async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/oidc/.well-known/openid-configuration',
      headers: { 'x-request-id': 'support-3' },
    });
    expect(response.statusCode).toBe(200);
    expect(completed('support-3')).toEqual([
      expect.objectContaining({ url: '/oidc/.well-known/openid-configuration', status: 200 }),
    ]);
  });

  it('leaves out the load balancers’ probes', async () => {
    await testApp.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'probe-1' } });
    expect(lines.filter((line) => line.requestId === 'probe-1')).toEqual([]);
  });
});
