import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportAuditEntriesEndpoint } from '@portal/contracts/audit-endpoints';
import { clientLogEndpoint } from '@portal/contracts/client-log-endpoints';
import { exportTransactionsEndpoint } from '@portal/contracts/transactions-endpoints';
import { endpointUrl } from '@portal/contracts/endpoint';
import { errorBodySchema } from '@portal/contracts/api';
import { transactionListResponseSchema } from '@portal/contracts/transactions';
import { seedDemoData } from '../seed/seed.js';
import { cartInput } from '../test/cart-fixtures.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { TEST_DIALECTS } from '../test/test-database.js';
import { authHeader, testConfig } from '../test/tokens.js';

type Answer = { statusCode: number; headers: Record<string, unknown>; body: string; json: () => unknown };

/** A 400 in the error shape, naming the given field. */
function expectRefused(response: Answer, path: string): void {
  expect(response.statusCode).toBe(400);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const { error } = errorBodySchema.parse(response.json());
  expect(error.code).toBe('VALIDATION_FAILED');
  expect(error.details?.map((detail) => detail.path)).toContain(path);
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const fromBase64url = (text: string): unknown => JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));

describe.each(TEST_DIALECTS)('input the databases cannot store (%s)', (dialect) => {
  const config = testConfig();
  let testApp: TestApp;
  let admin: Record<string, string>;

  const get = (url: string) => testApp.app.inject({ method: 'GET', url, headers: admin });
  const post = (url: string, payload: object | string, headers = admin) =>
    testApp.app.inject({
      method: 'POST',
      url,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });

  beforeAll(async () => {
    testApp = await buildTestApp({ dialect, config });
    await seedDemoData(testApp.database.db, { size: 'small' });
    admin = await authHeader(testApp.database, config, { role: 'ADMIN' });
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('refuses NUL in a query filter, a path parameter, a body field and the public log with 400', async () => {
    expectRefused(await get('/api/transactions?search=ab%00cd'), 'query.search');
    expectRefused(await get('/api/transactions/tx%00-1'), 'params.id');
    expectRefused(
      await post('/api/carts', cartInput({ orderReference: 'ORDER\u0000-1' })),
      'body.orderReference',
    );
    expectRefused(
      await post(endpointUrl(clientLogEndpoint), { level: 'error', message: 'broken\u0000' }, {}),
      'body.message',
    );
    expectRefused(
      await post(
        endpointUrl(clientLogEndpoint),
        { level: 'error', message: 'x', context: { 'k\u0000': 1 } },
        {},
      ),
      'body.context.k\u0000',
    );
    // Nothing of the refused cart was written.
    const carts = await testApp.database.db
      .selectFrom('carts')
      .select('id')
      .where('order_reference', 'like', 'ORDER%-1')
      .execute();
    expect(carts).toEqual([]);
  });

  it('refuses a body nested deeper than any request of the API with 400, however deep', async () => {
    // Written by hand: JSON.stringify itself runs out of stack at this depth.
    const nested = (levels: number) => `${'{"inner":'.repeat(levels)}"leaf"${'}'.repeat(levels)}`;
    const deep = nested(10_000);
    const cart = JSON.stringify(cartInput());
    const deepCart = `${cart.slice(0, -1)},"customFields":${deep}}`;
    expectRefused(await post('/api/carts', deepCart), `body.customFields${'.inner'.repeat(31)}`);
    // The public log takes small bodies only: deep, but within its size limit.
    const deepLog = `{"level":"error","message":"x","context":${nested(500)}}`;
    expectRefused(
      await post(endpointUrl(clientLogEndpoint), deepLog, {}),
      `body.context${'.inner'.repeat(31)}`,
    );
  });

  it('refuses a lone surrogate, which neither database would keep as sent', async () => {
    expectRefused(
      await post(endpointUrl(clientLogEndpoint), '{"level":"error","message":"half \\ud800 a pair"}', {}),
      'body.message',
    );
    const whole = await post(
      endpointUrl(clientLogEndpoint),
      { level: 'error', message: 'a whole pair 😀' },
      {},
    );
    expect(whole.statusCode).toBe(200);
  });

  it('refuses a tampered list cursor with 400', async () => {
    const first = await get('/api/transactions?limit=25');
    const { nextCursor } = transactionListResponseSchema.parse(first.json()).data;
    if (nextCursor === null) throw new Error('the seeded merchant has one transaction only');
    const [, id, offset, total, query] = fromBase64url(nextCursor) as unknown[];
    for (const key of ['not a date', 12, '2026-01-01T00:00:00.000Z\u0000']) {
      expectRefused(
        await get(`/api/transactions?limit=25&cursor=${base64url([key, id, offset, total, query])}`),
        'query.cursor',
      );
    }
    const byTotal = await get('/api/transactions?limit=25&sort=total');
    const totalCursor = transactionListResponseSchema.parse(byTotal.json()).data.nextCursor ?? '';
    const [, totalId, totalOffset, totalCount, totalQuery] = fromBase64url(totalCursor) as unknown[];
    for (const [key, rowId] of [
      ['abc', totalId],
      [1.5, totalId],
      [10, 'tx\u0000'],
    ]) {
      const tampered = base64url([key, rowId, totalOffset, totalCount, totalQuery]);
      expectRefused(await get(`/api/transactions?limit=25&sort=total&cursor=${tampered}`), 'query.cursor');
    }
  });

  it('refuses an export with a NUL filter before any byte of CSV', async () => {
    for (const [url, field] of [
      [endpointUrl(exportTransactionsEndpoint), 'search'],
      [endpointUrl(exportAuditEntriesEndpoint), 'kind'],
    ] as const) {
      const response = await get(`${url}?${field}=a%00b`);
      expectRefused(response, `query.${field}`);
      expect(response.body).not.toContain('\uFEFF');
    }
  });
});
