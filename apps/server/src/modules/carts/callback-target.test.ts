import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@portal/contracts/api';
import { CART_MESSAGES } from '@portal/contracts/carts';
import { seedDemoData } from '../../seed/seed.js';
import { cartInput } from '../../test/cart-fixtures.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { TEST_DIALECTS } from '../../test/test-database.js';
import { authHeader, testConfig } from '../../test/tokens.js';
import { postCallback } from './callback-target.js';

const PAYLOAD = { transactionID: 'TX-1', orderReference: 'ORDER-1' };
const TEST_MODE = { nodeEnv: 'test' } as const;
const DEVELOPMENT = { nodeEnv: 'development' } as const;

/** A shop on 127.0.0.1 that counts what reaches it; `redirectTo` makes it answer 302 there. */
async function startShop(redirectTo?: string): Promise<{ server: Server; port: number; hits: string[] }> {
  const hits: string[] = [];
  const server = createServer((request, response) => {
    hits.push(`${request.method ?? ''} ${request.url ?? ''}`);
    if (redirectTo === undefined) response.end('ok');
    else response.writeHead(302, { location: redirectTo }).end();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, port: (server.address() as AddressInfo).port, hits };
}

function memoryLog(): { logger: pino.Logger; messages: () => string[] } {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(chunk.toString());
      callback();
    },
  });
  return {
    logger: pino({ level: 'info' }, sink),
    messages: () => lines.map((line) => (JSON.parse(line) as { msg: string }).msg),
  };
}

describe('posting a cart callback', () => {
  let shop: Awaited<ReturnType<typeof startShop>>;

  beforeEach(async () => {
    shop = await startShop();
  });

  afterEach(async () => {
    shop.server.close();
    await once(shop.server, 'close');
  });

  it('sends nothing to this machine outside development, whatever the form of the address', async () => {
    const { port } = shop;
    const log = memoryLog();
    for (const url of [
      `http://127.0.0.1:${String(port)}/paid`,
      `http://localhost:${String(port)}/paid`,
      `https://127.0.0.1:${String(port)}/paid`,
      `https://2130706433:${String(port)}/paid`,
      `https://[::ffff:127.0.0.1]:${String(port)}/paid`,
      // A name is resolved first: localhost answers 127.0.0.1, which is refused before connecting.
      `https://localhost:${String(port)}/paid`,
    ]) {
      await postCallback(log.logger, url, PAYLOAD, TEST_MODE);
    }
    expect(shop.hits).toEqual([]);
    expect(log.messages()).toEqual(
      Array<string>(6).fill('cart callback refused: its host is not a public address'),
    );
  });

  it('posts to localhost in development, and follows no redirect', async () => {
    const log = memoryLog();
    await postCallback(log.logger, `http://127.0.0.1:${String(shop.port)}/paid`, PAYLOAD, DEVELOPMENT);
    expect(shop.hits).toEqual(['POST /paid']);

    const redirecting = await startShop(`http://127.0.0.1:${String(shop.port)}/elsewhere`);
    try {
      await postCallback(
        log.logger,
        `http://127.0.0.1:${String(redirecting.port)}/paid`,
        PAYLOAD,
        DEVELOPMENT,
      );
      expect(redirecting.hits).toEqual(['POST /paid']);
      expect(shop.hits).toEqual(['POST /paid']);
      expect(log.messages()).toContain('cart callback answered with an error');
    } finally {
      redirecting.server.close();
    }
  });
});

describe.each(TEST_DIALECTS)('cart callback addresses when the cart is saved (%s)', (dialect) => {
  const config = testConfig();
  let testApp: TestApp;
  let admin: Record<string, string>;

  const save = (callbackUrl: string, app = testApp) =>
    app.app.inject({
      method: 'POST',
      url: '/api/carts',
      headers: { ...admin, 'content-type': 'application/json' },
      payload: cartInput({ callbackUrl }),
    });

  beforeAll(async () => {
    testApp = await buildTestApp({ dialect, config });
    await seedDemoData(testApp.database.db, { size: 'small' });
    admin = await authHeader(testApp.database, config, { role: 'ADMIN' });
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('refuses a local, private or link-local target with a field error', async () => {
    for (const [url, message] of [
      ['https://127.0.0.1/paid', CART_MESSAGES.publicAddress],
      ['https://2130706433/paid', CART_MESSAGES.publicAddress],
      ['https://[::ffff:10.0.0.1]/paid', CART_MESSAGES.publicAddress],
      ['https://169.254.169.254/latest/meta-data', CART_MESSAGES.publicAddress],
      ['https://localhost/paid', CART_MESSAGES.publicAddress],
      ['http://shop.example/paid', CART_MESSAGES.httpsOnly],
      // Plain http to this machine is for development only.
      ['http://localhost:8080/paid', CART_MESSAGES.httpsOnly],
      ['http://2130706433/paid', CART_MESSAGES.httpsOnly],
    ] as const) {
      const response = await save(url);
      expect(response.statusCode, url).toBe(400);
      const { error } = errorBodySchema.parse(response.json());
      expect(error.details, url).toContainEqual({ path: 'body.callbackUrl', message });
    }
    expect((await save('https://shop.example/paid')).statusCode).toBe(201);
  });
});
