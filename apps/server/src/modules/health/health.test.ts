import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/test-app.js';
import type { TestApp } from '../../test/test-app.js';
import { TEST_DIALECTS } from '../../test/test-database.js';

describe.each(TEST_DIALECTS)('health (%s)', (dialect) => {
  let testApp: TestApp;

  afterEach(async () => {
    await testApp.close();
  });

  it('answers /healthz with ok, even without a database', async () => {
    testApp = await buildTestApp({ dialect });
    expect((await testApp.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    await testApp.database.destroy();
    const response = await testApp.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers /readyz with 200 while the database answers and 503 once it is gone', async () => {
    testApp = await buildTestApp({ dialect });
    const ready = await testApp.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok' });

    await testApp.database.destroy();
    const unready = await testApp.app.inject({ method: 'GET', url: '/readyz' });
    expect(unready.statusCode).toBe(503);
    expect(unready.headers['x-api-version']).toBe('v2');
    expect(unready.json()).toEqual({
      error: { code: 'SERVICE_UNAVAILABLE', message: 'The database is not reachable' },
    });
  });
});
