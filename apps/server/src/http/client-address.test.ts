import { afterEach, describe, expect, it } from 'vitest';
import { forgotPasswordEndpoint } from '@portal/contracts/passwords-endpoints';
import { endpointUrl } from '@portal/contracts/endpoint';
import { loadConfig } from '../config.js';
import { FORGOT_PASSWORD_RATE_LIMIT } from '../modules/passwords/routes.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { ANY_TEST_DIALECT } from '../test/test-database.js';

const PROXY = '10.0.0.2';
const CLIENT = '203.0.113.7';

describe.each(ANY_TEST_DIALECT)('the client address behind a proxy (%s)', (dialect) => {
  let testApp: TestApp | undefined;

  afterEach(async () => {
    await testApp?.close();
    testApp = undefined;
  });

  const forgot = (app: TestApp, forwardedFor: string) =>
    app.app.inject({
      method: 'POST',
      url: endpointUrl(forgotPasswordEndpoint),
      remoteAddress: PROXY,
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { email: 'nobody@example.com' },
    });

  it('rate limits by the address the proxy saw, whatever the client writes before it', async () => {
    const { trustProxy } = loadConfig({ TRUST_PROXY: '1' });
    testApp = await buildTestApp({ dialect, config: { trustProxy } });
    for (let attempt = 0; attempt < FORGOT_PASSWORD_RATE_LIMIT.max; attempt++) {
      // A new made-up address each time, as an attacker would write to look like many clients.
      const response = await forgot(testApp, `1.2.3.${attempt}, ${CLIENT}`);
      expect(response.statusCode).toBe(202);
    }
    const limited = await forgot(testApp, `1.2.3.250, ${CLIENT}`);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    // Another client behind the same proxy has its own count.
    expect((await forgot(testApp, `1.2.3.0, 198.51.100.9`)).statusCode).toBe(202);
  });

  it('believes only the listed proxies', async () => {
    const { trustProxy } = loadConfig({ TRUST_PROXY: '10.0.0.0/8' });
    testApp = await buildTestApp({ dialect, config: { trustProxy } });
    for (let attempt = 0; attempt < FORGOT_PASSWORD_RATE_LIMIT.max; attempt++) {
      expect((await forgot(testApp, `1.2.3.${attempt}, ${CLIENT}`)).statusCode).toBe(202);
    }
    expect((await forgot(testApp, `1.2.3.250, ${CLIENT}`)).statusCode).toBe(429);
  });
});
