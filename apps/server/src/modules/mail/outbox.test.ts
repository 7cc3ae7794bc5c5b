import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgotPasswordEndpoint } from '@portal/contracts/passwords-endpoints';
import { endpointUrl } from '@portal/contracts/endpoint';
import { dataResponseSchema } from '@portal/contracts/api';
import { emailDetailSchema, emailListResponseSchema } from '@portal/contracts/emails';
import { seedDemoData } from '../../seed/seed.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { TEST_DIALECTS } from '../../test/test-database.js';
import type { Config } from '../../config.js';
import { authHeader, merchantIdByName, testConfig } from '../../test/tokens.js';
import { MAIN_MERCHANT } from '../../seed/demo-merchants.js';
import { queueEmail } from './queue-email.js';
import { renderEmail } from './render-email.js';

type Headers = Record<string, string>;

describe.each(TEST_DIALECTS)('the outbox API (%s)', (dialect) => {
  const config = testConfig();
  let testApp: TestApp;
  let staff: Headers;
  const ids: string[] = [];

  const list = async (query = '', headers: Headers = staff) => {
    const response = await testApp.app.inject({ method: 'GET', url: `/api/emails${query}`, headers });
    expect(response.statusCode).toBe(200);
    return emailListResponseSchema.parse(response.json()).data;
  };

  beforeAll(async () => {
    testApp = await buildTestApp({ dialect, config });
    await seedDemoData(testApp.database.db, { size: 'small' });
    // Anything the seed queued is out of the way: these tests count their own messages.
    await testApp.database.db.deleteFrom('outbound_emails').execute();
    staff = await authHeader(testApp.database, config, { role: 'INTERNAL_ADMIN' });
    const mainId = await merchantIdByName(testApp.database.db, MAIN_MERCHANT);
    const messages = [
      { to: 'Ann.Shopper@example.com', template: 'cart-link', subject: 'Your cart', merchantId: mainId },
      {
        to: 'new.user@merchant.example',
        template: 'invitation',
        subject: 'You are invited',
        merchantId: null,
      },
      { to: 'bob_shopper@example.com', template: 'cart-link', subject: 'Your other cart', merchantId: null },
    ];
    for (const message of messages) {
      ids.push(
        await queueEmail(testApp.database.db, {
          merchantId: message.merchantId,
          to: message.to,
          template: message.template,
          locale: 'en',
          message: renderEmail(
            {
              subject: message.subject,
              heading: message.subject,
              paragraphs: ['Hello <friend>'],
              action: { label: 'Open', url: 'https://portal.example.com/x' },
            },
            'bread',
          ),
          related: { type: 'cart', id: randomUUID() },
        }),
      );
      // Distinct creation times, so that "newest first" has one answer.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await testApp.app.mail.deliverPending();
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('lists every message newest first, with its delivery state', async () => {
    const page = await list();
    expect(page.items.map((item) => item.id)).toEqual(ids.toReversed());
    expect(page.pagination).toEqual({ offset: 0, limit: 25, total: 3 });
    expect(page.items[0]).toMatchObject({ status: 'KEPT', attempts: 0, template: 'cart-link' });
    expect(page.items[0]).not.toHaveProperty('html');
    // Staff read a merchant's message in the merchant's zone; a message of no merchant has none.
    expect(page.items.map((item) => item.timeZone)).toEqual([null, null, 'America/New_York']);
  });

  it('filters by part of the recipient (any case, wildcards taken literally), template and status', async () => {
    expect((await list('?to=ann.SHOPPER')).items.map((item) => item.id)).toEqual([ids[0]]);
    // `_` is a LIKE wildcard: taken literally, it matches only the address that has one.
    expect((await list('?to=b_shopper')).items.map((item) => item.id)).toEqual([ids[2]]);
    expect((await list('?template=invitation')).items.map((item) => item.id)).toEqual([ids[1]]);
    expect((await list('?status=KEPT')).pagination.total).toBe(3);
    expect((await list('?status=FAILED')).items).toEqual([]);
  });

  it('pages', async () => {
    const second = await list('?limit=25&offset=2');
    expect(second.items.map((item) => item.id)).toEqual([ids[0]]);
    const refused = await testApp.app.inject({ method: 'GET', url: '/api/emails?limit=7', headers: staff });
    expect(refused.statusCode).toBe(400);
  });

  it('shows a cart link message with its HTML (values escaped) and text', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/api/emails/${ids[0]}`,
      headers: staff,
    });
    expect(response.statusCode).toBe(200);
    const email = dataResponseSchema(emailDetailSchema).parse(response.json()).data;
    expect(email).toMatchObject({
      to: 'Ann.Shopper@example.com',
      subject: 'Your cart',
      withheld: null,
      timeZone: 'America/New_York',
    });
    expect(email.html).toContain('Hello &lt;friend&gt;');
    expect(email.text).toContain('Open: https://portal.example.com/x');
    const missing = await testApp.app.inject({
      method: 'GET',
      url: `/api/emails/${randomUUID()}`,
      headers: staff,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('withholds the content when an SMTP server delivers the mail', async () => {
    const smtpConfig = { ...config, smtpUrl: 'smtp://127.0.0.1:2525' };
    const smtpApp = await buildTestApp({ dialect, config: smtpConfig });
    try {
      const id = await queueEmail(smtpApp.database.db, {
        merchantId: null,
        to: 'new.user@merchant.example',
        template: 'invitation',
        locale: 'en',
        message: renderEmail(
          {
            subject: 'You are invited',
            heading: 'Hi',
            paragraphs: [],
            action: { label: 'Open', url: 'https://x.example/a' },
          },
          'bread',
        ),
      });
      const headers = await authHeader(smtpApp.database, smtpConfig, { role: 'INTERNAL_ADMIN' });
      const response = await smtpApp.app.inject({ method: 'GET', url: `/api/emails/${id}`, headers });
      expect(response.statusCode).toBe(200);
      const email = dataResponseSchema(emailDetailSchema).parse(response.json()).data;
      expect(email).toMatchObject({
        subject: 'You are invited',
        html: null,
        text: null,
        withheld: 'delivered',
      });
      expect(response.body).not.toContain('https://x.example/a');
    } finally {
      await smtpApp.close();
    }
  });

  it('is for provider staff only', async () => {
    const support = await authHeader(testApp.database, config, { role: 'INTERNAL_SUPPORT' });
    expect((await list('', support)).pagination.total).toBe(3);
    for (const role of ['ADMIN', 'USER', 'READ_ONLY'] as const) {
      const headers = await authHeader(testApp.database, config, { role });
      for (const url of ['/api/emails', `/api/emails/${ids[0]}`]) {
        const response = await testApp.app.inject({ method: 'GET', url, headers });
        expect(response.statusCode, `${role} ${url}`).toBe(403);
      }
    }
    const anonymous = await testApp.app.inject({ method: 'GET', url: '/api/emails' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe.each(TEST_DIALECTS)('account links in the outbox (%s)', (dialect) => {
  const ADMIN_EMAIL = 'internal.admin@provider.demo';
  const ACTIVATION_URL = 'https://portal.example.com/activate/activation-token-0123456789';
  const ACCOUNT_LINK = /\/(?:activate|password\/reset)\//;

  /** A reset of the provider's own admin, asked for by anyone, and an invitation, as the server queues them. */
  async function appWithAccountLinks(config: Config): Promise<TestApp> {
    const testApp = await buildTestApp({ dialect, config });
    await seedDemoData(testApp.database.db, { size: 'small' });
    await testApp.database.db.deleteFrom('outbound_emails').execute();
    const forgot = await testApp.app.inject({
      method: 'POST',
      url: endpointUrl(forgotPasswordEndpoint),
      payload: { email: ADMIN_EMAIL },
    });
    expect(forgot.statusCode).toBe(202);
    await queueEmail(testApp.database.db, {
      merchantId: null,
      to: 'new.user@merchant.example',
      template: 'invitation',
      locale: 'en',
      message: renderEmail(
        {
          subject: 'You are invited',
          heading: 'Hi',
          paragraphs: [],
          action: { label: 'Activate', url: ACTIVATION_URL },
        },
        'bread',
      ),
    });
    await testApp.app.mail.deliverPending();
    return testApp;
  }

  /** Everything a provider role can read of the outbox: the list, then every message. */
  async function readOutbox(testApp: TestApp, config: Config, role: 'INTERNAL_ADMIN' | 'INTERNAL_SUPPORT') {
    const headers = await authHeader(testApp.database, config, { role });
    const list = await testApp.app.inject({ method: 'GET', url: '/api/emails', headers });
    expect(list.statusCode).toBe(200);
    const { items } = emailListResponseSchema.parse(list.json()).data;
    const details = [];
    for (const item of items) {
      const detail = await testApp.app.inject({ method: 'GET', url: `/api/emails/${item.id}`, headers });
      expect(detail.statusCode).toBe(200);
      details.push({
        body: detail.body,
        email: dataResponseSchema(emailDetailSchema).parse(detail.json()).data,
      });
    }
    return { listBody: list.body, details };
  }

  it('never shows an invitation or reset link to provider staff outside demo mode', async () => {
    const config = testConfig({ demoData: false, smtpUrl: undefined });
    const testApp = await appWithAccountLinks(config);
    try {
      for (const role of ['INTERNAL_SUPPORT', 'INTERNAL_ADMIN'] as const) {
        const { listBody, details } = await readOutbox(testApp, config, role);
        expect(details.map(({ email }) => email.template).toSorted(), role).toEqual([
          'invitation',
          'password-reset',
        ]);
        expect(listBody, role).not.toMatch(ACCOUNT_LINK);
        for (const { body, email } of details) {
          expect(email, `${role} ${email.template}`).toMatchObject({
            html: null,
            text: null,
            withheld: 'account-link',
          });
          expect(body, `${role} ${email.template}`).not.toMatch(ACCOUNT_LINK);
          expect(body).not.toContain('activation-token-0123456789');
        }
      }
    } finally {
      await testApp.close();
    }
  });

  it('shows them in the explicit demo mode, where the outbox stands in for a mailbox', async () => {
    const config = testConfig({ demoData: true, smtpUrl: undefined });
    const testApp = await appWithAccountLinks(config);
    try {
      const { details } = await readOutbox(testApp, config, 'INTERNAL_SUPPORT');
      for (const { email } of details) {
        expect(email.withheld).toBeNull();
        expect(email.text).toMatch(ACCOUNT_LINK);
      }
    } finally {
      await testApp.close();
    }
  });
});
