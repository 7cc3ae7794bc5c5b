import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import type { DatabaseHandle } from '../../db/database.js';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/smtp-server.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { openTestDatabase, TEST_DIALECTS } from '../../test/test-database.js';
import { MailSender, MAX_ATTEMPTS, RETRY_DELAYS_MS, type MailTransport } from './mail-sender.js';
import { queueEmail } from './queue-email.js';
import { renderEmail } from './render-email.js';
import { smtpTransport } from './smtp-transport.js';

const LINK = 'https://portal.example.com/checkout/c0ffee42';
const silent = pino({ level: 'silent' });

function cartEmail(to: string) {
  return {
    merchantId: null,
    to,
    template: 'cart-link',
    locale: 'en' as const,
    message: renderEmail(
      {
        subject: 'Your cart from Northwind',
        heading: 'Your cart is ready',
        paragraphs: ['Northwind Demo Outfitters prepared a cart for you.'],
        action: { label: 'Open the cart', url: LINK },
      },
      'bread',
    ),
  };
}

const rowOf = (database: DatabaseHandle, id: string) =>
  database.db.selectFrom('outbound_emails').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe.each(TEST_DIALECTS)('e-mail delivery through the app (%s)', (dialect) => {
  let testApp: TestApp | undefined;
  let smtp: TestSmtpServer | undefined;

  afterEach(async () => {
    await testApp?.close();
    await smtp?.close();
    testApp = undefined;
    smtp = undefined;
  });

  it('keeps a message in the outbox when no SMTP server is configured', async () => {
    testApp = await buildTestApp({ dialect, config: { smtpUrl: undefined } });
    const id = await queueEmail(testApp.database.db, cartEmail('shopper@example.com'));
    expect((await rowOf(testApp.database, id)).status).toBe('PENDING');

    await expect(testApp.app.mail.deliverPending()).resolves.toEqual({ sent: 0, kept: 1, failed: 0 });
    const row = await rowOf(testApp.database, id);
    expect(row).toMatchObject({ status: 'KEPT', claimed_until: null, sent_at: null });
    // Nothing left to do: a second pass touches nothing.
    await expect(testApp.app.mail.deliverPending()).resolves.toEqual({ sent: 0, kept: 0, failed: 0 });
  });

  it('sends a message through SMTP, with its subject, recipient and link', async () => {
    smtp = await startTestSmtpServer();
    testApp = await buildTestApp({ dialect, config: { smtpUrl: smtp.url } });
    const id = await queueEmail(testApp.database.db, cartEmail('shopper@example.com'));

    await expect(testApp.app.mail.deliverPending()).resolves.toEqual({ sent: 1, kept: 0, failed: 0 });

    expect(smtp.received).toHaveLength(1);
    const [message] = smtp.received;
    expect(message?.to).toEqual(['shopper@example.com']);
    expect(message?.raw).toMatch(/^Subject: Your cart from Northwind\r?$/m);
    expect(message?.raw).toMatch(/^To: shopper@example\.com\r?$/m);
    expect(message?.raw).toMatch(/^From: Bread <no-reply@/m);
    expect(message?.raw).toContain(LINK);
    const row = await rowOf(testApp.database, id);
    expect(row).toMatchObject({ status: 'SENT', attempts: 1, last_error: null, claimed_until: null });
    expect(row.sent_at).not.toBeNull();
  });
});

describe.each(TEST_DIALECTS)('the mail sender (%s)', (dialect) => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await openTestDatabase(dialect);
  });
  afterAll(async () => {
    await database.destroy();
  });
  afterEach(async () => {
    await database.db.deleteFrom('outbound_emails').execute();
  });

  it('retries a refused message with growing delays, then keeps it FAILED with the error', async () => {
    const smtp = await startTestSmtpServer({ refuse: 'Mailbox temporarily unavailable' });
    const transport = smtpTransport({ url: smtp.url, brand: 'bread', publicUrl: 'http://localhost' });
    let clock = Date.now();
    const sender = new MailSender({ db: database.db, transport, log: silent, now: () => new Date(clock) });
    try {
      const id = await queueEmail(database.db, cartEmail('full.mailbox@example.com'));
      clock = Date.now();

      for (const [index, delay] of RETRY_DELAYS_MS.entries()) {
        await expect(sender.deliverPending()).resolves.toEqual({ sent: 0, kept: 0, failed: 1 });
        const row = await rowOf(database, id);
        expect(row).toMatchObject({ status: 'PENDING', attempts: index + 1, claimed_until: null });
        expect(row.last_error).toContain('Mailbox temporarily unavailable');
        expect(Date.parse(row.next_attempt_at)).toBe(clock + delay);
        // Not due before its time…
        await expect(sender.deliverPending()).resolves.toEqual({ sent: 0, kept: 0, failed: 0 });
        clock += delay;
      }
      // …and the last attempt is final.
      await expect(sender.deliverPending()).resolves.toEqual({ sent: 0, kept: 0, failed: 1 });
      const row = await rowOf(database, id);
      expect(row).toMatchObject({ status: 'FAILED', attempts: MAX_ATTEMPTS, claimed_until: null });
      expect(row.last_error).toContain('451');
      clock += 24 * 3_600_000;
      await expect(sender.deliverPending()).resolves.toEqual({ sent: 0, kept: 0, failed: 0 });
      expect(smtp.received).toEqual([]);
    } finally {
      await sender.stop();
      await smtp.close();
    }
  });

  it('delivers each message once when two senders race for them', async () => {
    const sent: string[] = [];
    const transport = (): MailTransport => ({
      async send(message) {
        sent.push(message.to);
        // Slow enough that the other sender reaches the same messages meanwhile.
        await new Promise((resolve) => setTimeout(resolve, 5));
      },
      close() {},
    });
    const first = new MailSender({ db: database.db, transport: transport(), log: silent });
    const second = new MailSender({ db: database.db, transport: transport(), log: silent });
    const addresses = Array.from({ length: 12 }, (_, index) => `shopper${index}@example.com`);
    for (const address of addresses) await queueEmail(database.db, cartEmail(address));

    const reports = await Promise.all([first.deliverPending(), second.deliverPending()]);

    expect(sent.toSorted()).toEqual(addresses.toSorted());
    expect(reports.map((report) => report.sent).reduce((a, b) => a + b)).toBe(addresses.length);
    const statuses = await database.db.selectFrom('outbound_emails').select(['status', 'attempts']).execute();
    expect(statuses).toHaveLength(addresses.length);
    expect(statuses.every((row) => row.status === 'SENT' && row.attempts === 1)).toBe(true);
  });

  it('polls once started, and stops cleanly', async () => {
    const sender = new MailSender({ db: database.db, transport: undefined, log: silent });
    const id = await queueEmail(database.db, cartEmail('poll@example.com'));
    sender.start(10);
    await expect
      .poll(async () => (await rowOf(database, id)).status, { timeout: 2_000, interval: 20 })
      .toBe('KEPT');
    await sender.stop();
  });
});
