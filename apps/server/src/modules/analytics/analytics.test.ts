import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAnalyticsEndpoint } from '@portal/contracts/analytics-endpoints';
import { endpointUrl } from '@portal/contracts/endpoint';
import { MAIN_MERCHANT } from '../../seed/demo-merchants.js';
import { seedDemoData } from '../../seed/seed.js';
import { buildTestApp } from '../../test/test-app.js';
import type { TestApp } from '../../test/test-app.js';
import { TEST_DIALECTS } from '../../test/test-database.js';
import { authHeader, merchantIdByName, testConfig } from '../../test/tokens.js';

describe.each(TEST_DIALECTS)('POST /api/analytics/events (%s)', (dialect) => {
  const config = testConfig();
  let testApp: TestApp;
  let mainId: string;

  const post = (payload: object, headers: Record<string, string>) =>
    testApp.app.inject({ method: 'POST', url: endpointUrl(recordAnalyticsEndpoint), headers, payload });

  beforeAll(async () => {
    testApp = await buildTestApp({ dialect, config });
    await seedDemoData(testApp.database.db, { size: 'small' });
    mainId = await merchantIdByName(testApp.database.db, MAIN_MERCHANT);
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('stores a batch with the user, merchant and server time from the token, and answers 202', async () => {
    const headers = await authHeader(testApp.database, config, { role: 'USER', scopes: [] });
    const before = new Date().toISOString();
    const response = await post(
      {
        events: [
          { name: 'filter_applied', page: '/transactions', properties: { filter: 'status', count: 2 } },
          { name: 'cart_link_copied', page: '/carts/1' },
        ],
      },
      headers,
    );
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ data: { accepted: 2 } });

    const user = await testApp.database.db
      .selectFrom('users')
      .where('merchant_id', '=', mainId)
      .where('role', '=', 'USER')
      .where('status', '=', 'ACTIVE')
      .orderBy('email')
      .select('id')
      .executeTakeFirstOrThrow();
    const rows = await testApp.database.db
      .selectFrom('analytics_events')
      .selectAll()
      .orderBy('name', 'desc')
      .execute();
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.user_id === user.id && row.merchant_id === mainId)).toBe(true);
    expect(rows.every((row) => row.created_at >= before)).toBe(true);
    expect(JSON.parse(rows[0]?.properties ?? '')).toEqual({ filter: 'status', count: 2 });
    expect(JSON.parse(rows[1]?.properties ?? '')).toEqual({});
  });

  it('stores provider staff events without a merchant until they choose one', async () => {
    const headers = await authHeader(testApp.database, config, { role: 'INTERNAL_ADMIN' });
    expect(
      (await post({ events: [{ name: 'merchant_switched', page: '/transactions' }] }, headers)).statusCode,
    ).toBe(202);
    const row = await testApp.database.db
      .selectFrom('analytics_events')
      .where('name', '=', 'merchant_switched')
      .select('merchant_id')
      .executeTakeFirstOrThrow();
    expect(row.merchant_id).toBeNull();
  });

  it('refuses unknown events, empty batches and callers without a token', async () => {
    const headers = await authHeader(testApp.database, config, { role: 'READ_ONLY' });
    expect((await post({ events: [] }, headers)).statusCode).toBe(400);
    expect((await post({ events: [{ name: 'made_up', page: '/' }] }, headers)).statusCode).toBe(400);
    expect(
      (await post({ events: [{ name: 'filter_applied', page: '/', userId: 'x' }] }, headers)).statusCode,
    ).toBe(400);
    expect((await post({ events: [{ name: 'filter_applied', page: '/' }] }, {})).statusCode).toBe(401);
  });
});
