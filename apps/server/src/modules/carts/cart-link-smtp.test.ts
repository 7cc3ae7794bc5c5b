import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataResponseSchema } from '@portal/contracts/api';
import { cartDetailSchema, checkoutCartSchema } from '@portal/contracts/carts';
import { MAIN_MERCHANT } from '../../seed/demo-merchants.js';
import { seedDemoData } from '../../seed/seed.js';
import { cartInput } from '../../test/cart-fixtures.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { TEST_DIALECTS } from '../../test/test-database.js';
import { authHeader, testConfig } from '../../test/tokens.js';

interface ReceivedMail {
  to: string[];
  raw: string;
}

/** Undoes quoted-printable: soft line breaks and `=XX` bytes (the mail's parts are UTF-8). */
function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

describe.each(TEST_DIALECTS)('the cart-link e-mail through SMTP (%s)', (dialect) => {
  const received: ReceivedMail[] = [];
  let smtp: SMTPServer;
  let testApp: TestApp;
  let config: ReturnType<typeof testConfig>;

  beforeAll(async () => {
    // A real SMTP listener on a free port: what the portal sends is read back as the server got it.
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
        });
        stream.on('end', () => {
          received.push({
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    config = testConfig({ smtpUrl: `smtp://127.0.0.1:${port}` });
    testApp = await buildTestApp({ dialect, config });
    await seedDemoData(testApp.database.db, { size: 'small' });
  });

  afterAll(async () => {
    await testApp.close();
    await new Promise<void>((resolve) => {
      smtp.close(resolve);
    });
  });

  it('delivers the link to the shopper, and the link opens the cart', async () => {
    const admin = await authHeader(testApp.database, config, { role: 'ADMIN' });
    const created = await testApp.app.inject({
      method: 'POST',
      url: '/api/carts',
      headers: { ...admin, 'content-type': 'application/json' },
      payload: cartInput({ name: 'Canoe paddles' }),
    });
    const cart = dataResponseSchema(cartDetailSchema).parse(created.json()).data;
    const notified = await testApp.app.inject({
      method: 'POST',
      url: `/api/carts/${cart.id}/notify`,
      headers: admin,
    });
    expect(notified.statusCode).toBe(200);

    const report = await testApp.app.mail.deliverPending();
    expect(report.sent).toBe(1);
    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail?.to).toEqual(['jane.shopper@example.com']);
    const body = decodeQuotedPrintable(mail?.raw ?? '');
    expect(body).toContain(`${MAIN_MERCHANT}: your cart is ready`);

    const link = /https?:\/\/[^\s"<>]+\/checkout\/[A-Za-z0-9_-]+/.exec(body)?.[0];
    expect(link).toBe(cart.checkoutUrl);
    const opened = await testApp.app.inject({
      method: 'GET',
      url: `/api/checkout${new URL(link ?? '').pathname.slice('/checkout'.length)}`,
    });
    expect(opened.statusCode).toBe(200);
    expect(dataResponseSchema(checkoutCartSchema).parse(opened.json()).data).toMatchObject({
      name: 'Canoe paddles',
      merchantName: MAIN_MERCHANT,
      status: 'SENT',
    });

    // The cart shows the message as sent.
    const view = await testApp.app.inject({ method: 'GET', url: `/api/carts/${cart.id}`, headers: admin });
    expect(dataResponseSchema(cartDetailSchema).parse(view.json()).data.notifications).toMatchObject([
      { status: 'SENT', to: 'jane.shopper@example.com' },
    ]);
  });
});
