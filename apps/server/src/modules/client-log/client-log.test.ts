import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { clientLogEndpoint } from '@portal/contracts/client-log-endpoints';
import { endpointUrl } from '@portal/contracts/endpoint';
import { clientLogResponseSchema } from '@portal/contracts/client-log';
import { buildTestApp } from '../../test/test-app.js';
import type { TestApp } from '../../test/test-app.js';
import { TEST_DIALECTS } from '../../test/test-database.js';
import { CLIENT_LOG_BODY_LIMIT_BYTES, CLIENT_LOG_RATE_LIMIT } from './routes.js';

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

describe.each(TEST_DIALECTS)('POST /api/merchant-portal-backend/log (%s)', (dialect) => {
  let testApp: TestApp;

  const post = (payload: object | string, headers: Record<string, string> = {}) =>
    testApp.app.inject({
      method: 'POST',
      url: endpointUrl(clientLogEndpoint),
      headers: { 'content-type': 'application/json', ...headers },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });

  afterEach(async () => {
    await testApp.close();
  });

  it('stores an entry without a token and logs it with the request id', async () => {
    const { logs, logger } = logSink();
    testApp = await buildTestApp({ dialect, logger });
    const response = await post(
      {
        level: 'warn',
        message: 'Failed to parse token from url',
        context: { path: '/implicit/callback', n: 1 },
      },
      { 'x-request-id': 'req-123', 'user-agent': 'test-browser' },
    );
    expect(response.statusCode).toBe(200);
    const { id } = clientLogResponseSchema.parse(response.json()).data;

    const row = await testApp.database.db
      .selectFrom('client_logs')
      .where('id', '=', id)
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      level: 'warn',
      message: 'Failed to parse token from url',
      request_id: 'req-123',
      user_agent: 'test-browser',
    });
    expect(JSON.parse(row.context ?? 'null')).toEqual({ path: '/implicit/callback', n: 1 });

    const line = logs.find((entry) => entry.msg === 'portal reported');
    expect(line).toMatchObject({
      level: 40,
      requestId: 'req-123',
      clientLog: { id, message: 'Failed to parse token from url' },
    });
  });

  it('refuses a bad level, a long message and a large context with 400', async () => {
    testApp = await buildTestApp({ dialect });
    for (const body of [
      { level: 'debug', message: 'x' },
      { level: 'error', message: 'x'.repeat(2001) },
      { level: 'error', message: '' },
      { level: 'error', message: 'x', context: { big: 'x'.repeat(9000) } },
      { level: 'error', message: 'x', extra: true },
    ]) {
      expect((await post(body)).statusCode).toBe(400);
    }
    const count = await testApp.database.db
      .selectFrom('client_logs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(count.n).toBe(0);
  });

  it('refuses a body over 16 KiB with 413', async () => {
    testApp = await buildTestApp({ dialect });
    const body = JSON.stringify({
      level: 'info',
      message: 'x',
      context: { pad: 'x'.repeat(CLIENT_LOG_BODY_LIMIT_BYTES) },
    });
    const response = await post(body);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE' } });
  });

  it('answers 429 once an address has sent its share', async () => {
    testApp = await buildTestApp({ dialect });
    for (let index = 0; index < CLIENT_LOG_RATE_LIMIT.max; index += 1) {
      expect((await post({ level: 'info', message: `entry ${String(index)}` })).statusCode).toBe(200);
    }
    const limited = await post({ level: 'info', message: 'one too many' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    // Another address still gets through.
    const other = await testApp.app.inject({
      method: 'POST',
      url: endpointUrl(clientLogEndpoint),
      remoteAddress: '10.0.0.9',
      payload: { level: 'info', message: 'other address' },
    });
    expect(other.statusCode).toBe(200);
  });
});
