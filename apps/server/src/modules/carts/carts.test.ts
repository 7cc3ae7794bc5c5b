import { once } from 'node:events';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataResponseSchema, errorBodySchema } from '@portal/contracts/api';
import {
  CART_LINK_RESEND_INTERVAL_MS,
  cartDetailSchema,
  cartListResponseSchema,
  checkoutCartSchema,
  checkoutCompletionSchema,
  type CartInput,
} from '@portal/contracts/carts';
import { transactionDetailSchema } from '@portal/contracts/transactions';
import { MAIN_MERCHANT } from '../../seed/demo-merchants.js';
import { seedDemoData } from '../../seed/seed.js';
import { CART_INPUT_TOTAL, cartInput } from '../../test/cart-fixtures.js';
import { buildTestApp, type TestApp, jsonRequest } from '../../test/test-app.js';
import { TEST_DIALECTS } from '../../test/test-database.js';
import { authHeader, merchantIdByName, testConfig } from '../../test/tokens.js';
import { activePlanTerms } from '../payment-products/service.js';
import { CART_EMAIL_WINDOW_MS, CART_EMAILS_PER_WINDOW } from './service.js';
import { DAY_MS } from '@portal/contracts/constants';

const detailAnswer = dataResponseSchema(cartDetailSchema);
const listAnswer = dataResponseSchema(cartListResponseSchema);
type Headers = Record<string, string>;
type Answer = { statusCode: number; json: () => unknown };
const OTHER_MERCHANT = 'Lakeside Furniture Co.';

function refusal(response: Answer) {
  return { status: response.statusCode, ...errorBodySchema.parse(response.json()).error };
}

function tokenOf(checkoutUrl: string): string {
  return decodeURIComponent(new URL(checkoutUrl).pathname.split('/').pop() ?? '');
}

describe.each(TEST_DIALECTS)('carts (%s)', (dialect) => {
  // The shop of the end-to-end test listens on localhost, which only development posts to.
  const config = testConfig({ nodeEnv: 'development' });
  let testApp: TestApp;
  let admin: Headers;
  let readOnly: Headers;
  let otherAdmin: Headers;

  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: object) =>
    testApp.app.inject({
      method,
      url,
      ...jsonRequest(headers, payload),
    });
  const create = async (input: Partial<CartInput> = {}) => {
    const response = await inject('POST', '/api/carts', admin, cartInput(input));
    expect(response.statusCode).toBe(201);
    return detailAnswer.parse(response.json()).data;
  };
  const act = (id: string, action: 'notify' | 'resend' | 'expire', headers: Headers = admin) =>
    inject('POST', `/api/carts/${id}/${action}`, headers);
  const checkout = (token: string, action?: 'complete' | 'decline') =>
    inject(action === undefined ? 'GET' : 'POST', `/api/checkout/${token}${action ? `/${action}` : ''}`, {});
  const emailCount = async (id: string) =>
    (
      await testApp.database.db
        .selectFrom('outbound_emails')
        .select('id')
        .where('related_id', '=', id)
        .execute()
    ).length;
  /** Moves the cart's e-mails this far into the past, as if that much time went by since they were sent. */
  const ageEmails = async (id: string, ms: number) => {
    const { db } = testApp.database;
    const emails = await db
      .selectFrom('outbound_emails')
      .select(['id', 'created_at'])
      .where('related_id', '=', id)
      .execute();
    for (const email of emails) {
      await db
        .updateTable('outbound_emails')
        .set({ created_at: new Date(Date.parse(email.created_at) - ms).toISOString() })
        .where('id', '=', email.id)
        .execute();
    }
  };
  const auditKinds = async (id: string) =>
    (
      await testApp.database.db
        .selectFrom('audit_entries')
        .select('kind')
        .where('subject_id', '=', id)
        .orderBy('created_at')
        .execute()
    ).map((row) => row.kind);

  beforeAll(async () => {
    testApp = await buildTestApp({ dialect, config });
    await seedDemoData(testApp.database.db, { size: 'small' });
    admin = await authHeader(testApp.database, config, { role: 'ADMIN' });
    readOnly = await authHeader(testApp.database, config, { role: 'READ_ONLY' });
    otherAdmin = await authHeader(testApp.database, config, {
      role: 'ADMIN',
      merchantId: await merchantIdByName(testApp.database.db, OTHER_MERCHANT),
    });
  });

  afterAll(async () => {
    await testApp.close();
  });

  describe('lifecycle', () => {
    it('creates an ACTIVE cart with its totals, history, link and audit entry', async () => {
      const cart = await create();
      expect(cart).toMatchObject({
        status: 'ACTIVE',
        currency: 'USD',
        total: CART_INPUT_TOTAL,
        totals: { subtotal: 28_000, tax: 2_240, shipping: 1_000, discount: 500, total: CART_INPUT_TOTAL },
        createdBy: expect.stringContaining('@') as unknown,
        transactionID: null,
      });
      expect(cart.items).toHaveLength(2);
      expect(cart.history.map((entry) => entry.status)).toEqual(['ACTIVE']);
      expect(cart.checkoutUrl.startsWith(`${config.publicUrl}/checkout/`)).toBe(true);
      expect(await auditKinds(cart.id)).toEqual(['cart.created']);

      // Only the hash of the link's token is stored.
      const stored = await testApp.database.db
        .selectFrom('carts')
        .select('checkout_token_hash')
        .where('id', '=', cart.id)
        .executeTakeFirstOrThrow();
      expect(stored.checkout_token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(stored.checkout_token_hash).not.toContain(tokenOf(cart.checkoutUrl));
    });

    it('edits, notifies, resends, and the shopper completes it into an authorized transaction', async () => {
      const callbacks: unknown[] = [];
      const shop = createServer((request: IncomingMessage, response) => {
        let body = '';
        request.on('data', (chunk: Buffer) => (body += chunk.toString()));
        request.on('end', () => {
          callbacks.push(JSON.parse(body));
          response.end('ok');
        });
      });
      shop.listen(0, '127.0.0.1');
      await once(shop, 'listening');
      const { port } = shop.address() as AddressInfo;
      try {
        const cart = await create({ callbackUrl: `http://localhost:${port}/paid` });

        const edited = await inject('PUT', `/api/carts/${cart.id}`, admin, {
          ...cartInput({ callbackUrl: `http://localhost:${port}/paid` }),
          orderReference: cart.orderReference,
          name: 'Edited order',
          items: [{ name: 'Stove', sku: '', quantity: 3, unitPrice: 4_000, unitTax: 0 }],
          discount: 0,
          shipping: 0,
        });
        expect(edited.statusCode).toBe(200);
        expect(detailAnswer.parse(edited.json()).data).toMatchObject({ name: 'Edited order', total: 12_000 });

        const notified = await act(cart.id, 'notify');
        expect(notified.statusCode).toBe(200);
        const sent = detailAnswer.parse(notified.json()).data;
        expect(sent.status).toBe('SENT');
        expect(sent.notifications).toHaveLength(1);
        expect(sent.notifications[0]).toMatchObject({
          to: 'jane.shopper@example.com',
          template: 'cart-link',
        });
        const email = await testApp.database.db
          .selectFrom('outbound_emails')
          .select(['text', 'html'])
          .where('related_id', '=', cart.id)
          .executeTakeFirstOrThrow();
        expect(email.text).toContain(sent.checkoutUrl);

        await ageEmails(cart.id, CART_LINK_RESEND_INTERVAL_MS);
        const resent = detailAnswer.parse((await act(cart.id, 'resend')).json()).data;
        expect(resent.notifications).toHaveLength(2);
        expect(resent.history.map((entry) => entry.status)).toEqual(['ACTIVE', 'SENT']);

        const token = tokenOf(sent.checkoutUrl);
        const shopperView = await inject('GET', `/api/checkout/${token}`, {});
        expect(shopperView.statusCode).toBe(200);
        expect(dataResponseSchema(checkoutCartSchema).parse(shopperView.json()).data).toMatchObject({
          merchantName: MAIN_MERCHANT,
          brand: 'bread',
          status: 'SENT',
          totals: { total: 12_000 },
        });

        const completed = await inject('POST', `/api/checkout/${token}/complete`, {});
        expect(completed.statusCode).toBe(200);
        const { transactionID } = dataResponseSchema(checkoutCompletionSchema).parse(completed.json()).data;

        const transaction = await inject('GET', `/api/transactions/${transactionID}`, admin);
        expect(transaction.statusCode).toBe(200);
        expect(dataResponseSchema(transactionDetailSchema).parse(transaction.json()).data).toMatchObject({
          status: 'AUTHORIZED',
          fromCart: true,
          channel: 'ECOMM',
          externalID: cart.orderReference,
          total: { currency: 'USD', value: 12_000 },
        });
        // The shopper's application, approved and completed, ties the sale to its steps.
        const application = await testApp.database.db
          .selectFrom('applications')
          .selectAll()
          .where('transaction_id', '=', transactionID)
          .executeTakeFirstOrThrow();
        expect(application).toMatchObject({
          channel: 'ECOMM',
          decision: 'APPROVED',
          cart_amount: 12_000,
          currency: 'USD',
          customer_email: cart.shopperEmail.toLowerCase(),
        });
        expect(application.checkout_completed_at).not.toBeNull();
        const after = detailAnswer.parse((await inject('GET', `/api/carts/${cart.id}`, admin)).json()).data;
        expect(after).toMatchObject({ status: 'COMPLETED', transactionID });
        expect(after.history.map((entry) => entry.status)).toEqual(['ACTIVE', 'SENT', 'COMPLETED']);
        expect(await auditKinds(cart.id)).toEqual([
          'cart.created',
          'cart.updated',
          'cart.notified',
          'cart.email_resent',
          'cart.completed',
        ]);

        // The shop hears of it, after the shopper's answer.
        await expect
          .poll(() => callbacks, { timeout: 5_000 })
          .toEqual([{ transactionID, orderReference: cart.orderReference }]);

        // Twice is refused; the link now says so and offers nothing.
        expect(refusal(await inject('POST', `/api/checkout/${token}/complete`, {}))).toMatchObject({
          status: 409,
          code: 'CONFLICT',
        });
        for (const action of ['notify', 'expire'] as const) {
          expect((await act(cart.id, action)).statusCode).toBe(409);
        }
        expect((await inject('PUT', `/api/carts/${cart.id}`, admin, cartInput())).statusCode).toBe(409);
      } finally {
        shop.close();
      }
    });

    it('expires on request, and by time without being rewritten', async () => {
      const byUser = await create();
      const expired = await act(byUser.id, 'expire');
      expect(detailAnswer.parse(expired.json()).data.status).toBe('EXPIRED');
      expect(refusal(await act(byUser.id, 'notify'))).toMatchObject({ status: 409 });
      expect(await auditKinds(byUser.id)).toEqual(['cart.created', 'cart.expired']);

      const byTime = await create();
      await testApp.database.db
        .updateTable('carts')
        .set({ expires_at: new Date(Date.now() - 1_000).toISOString() })
        .where('id', '=', byTime.id)
        .execute();
      const read = detailAnswer.parse((await inject('GET', `/api/carts/${byTime.id}`, admin)).json()).data;
      expect(read.status).toBe('EXPIRED');
      expect(read.history.at(-1)).toMatchObject({ status: 'EXPIRED', actor: 'system' });
      for (const action of ['notify', 'resend', 'expire'] as const) {
        expect(refusal(await act(byTime.id, action))).toMatchObject({ status: 409 });
      }
      const token = tokenOf(read.checkoutUrl);
      const shopperView = await inject('GET', `/api/checkout/${token}`, {});
      expect(dataResponseSchema(checkoutCartSchema).parse(shopperView.json()).data.status).toBe('EXPIRED');
      expect(refusal(await inject('POST', `/api/checkout/${token}/complete`, {}))).toMatchObject({
        status: 409,
      });

      const list = await inject('GET', '/api/carts?status=EXPIRED&limit=100', admin);
      const ids = listAnswer.parse(list.json()).data.items.map((item) => item.id);
      expect(ids).toEqual(expect.arrayContaining([byUser.id, byTime.id]));
      const active = await inject('GET', '/api/carts?status=ACTIVE&limit=100', admin);
      expect(listAnswer.parse(active.json()).data.items.map((item) => item.id)).not.toContain(byTime.id);
    });
  });

  describe('the list', () => {
    it('shows the demo carts in every status', async () => {
      for (const status of ['ACTIVE', 'SENT', 'COMPLETED', 'EXPIRED'] as const) {
        const response = await inject('GET', `/api/carts?status=${status}&search=nw-cart`, admin);
        const page = listAnswer.parse(response.json()).data;
        expect(page.items.length, status).toBeGreaterThan(0);
        expect(page.items.every((item) => item.status === status)).toBe(true);
      }
    });

    it('searches by name, reference or shopper, sorts and pages', async () => {
      const cart = await create({
        name: 'Kayak bundle',
        shopper: { ...cartInput().shopper, name: 'Zed Paddler' },
      });
      for (const term of ['kayak', cart.orderReference.slice(0, 6).toLowerCase(), 'zed pad']) {
        const response = await inject('GET', `/api/carts?search=${encodeURIComponent(term)}`, admin);
        expect(listAnswer.parse(response.json()).data.items.map((item) => item.id)).toContain(cart.id);
      }
      const none = await inject('GET', '/api/carts?search=no-such-cart-anywhere', admin);
      expect(listAnswer.parse(none.json()).data).toMatchObject({ items: [], pagination: { total: 0 } });

      const sorted = listAnswer.parse(
        (await inject('GET', '/api/carts?sort=total&order=asc&limit=25', admin)).json(),
      ).data;
      const totals = sorted.items.map((item) => item.total);
      expect(totals).toEqual([...totals].sort((a, b) => a - b));
      expect(sorted.pagination.total).toBeGreaterThan(0);

      const today = new Date().toISOString().slice(0, 10);
      const byDay = await inject('GET', `/api/carts?from=${today}&to=${today}&limit=100`, admin);
      expect(listAnswer.parse(byDay.json()).data.items.map((item) => item.id)).toContain(cart.id);
      const future = new Date(Date.now() + 2 * DAY_MS).toISOString().slice(0, 10);
      const none2 = await inject('GET', `/api/carts?from=${future}`, admin);
      expect(listAnswer.parse(none2.json()).data.pagination.total).toBe(0);
    });
  });

  describe('bad input', () => {
    const base = cartInput();
    const item = base.items[0] ?? { name: 'x', sku: '', quantity: 1, unitPrice: 1, unitTax: 0 };
    const cases: [string, object, string][] = [
      ['a negative price', { items: [{ ...item, unitPrice: -100 }] }, 'body.items.0.unitPrice'],
      ['a zero price', { items: [{ ...item, unitPrice: 0 }] }, 'body.items.0.unitPrice'],
      ['a price in fractions of a cent', { items: [{ ...item, unitPrice: 10.5 }] }, 'body.items.0.unitPrice'],
      ['a negative shipping', { shipping: -1 }, 'body.shipping'],
      ['a zero custom total', { items: [], customTotal: 0 }, 'body.customTotal'],
      ['a quantity of zero', { items: [{ ...item, quantity: 0 }] }, 'body.items.0.quantity'],
      ['more than 100 items', { items: Array.from({ length: 101 }, () => item) }, 'body.items'],
      ['no items and no custom total', { items: [] }, 'body.items'],
      ['an e-mail that is not one', { shopper: { ...base.shopper, email: 'jane@' } }, 'body.shopper.email'],
      ['a phone that is not one', { shopper: { ...base.shopper, phone: 'call me' } }, 'body.shopper.phone'],
      ['an expiry in the past', { expiresAt: new Date(Date.now() - DAY_MS).toISOString() }, 'body.expiresAt'],
      [
        'an expiry past 30 days',
        { expiresAt: new Date(Date.now() + 31 * DAY_MS).toISOString() },
        'body.expiresAt',
      ],
      ['an http callback', { callbackUrl: 'http://shop.example/paid' }, 'body.callbackUrl'],
      ['a total over the program maximum', { items: [], customTotal: 900_000_000 }, 'body.customTotal'],
      ['an unknown field', { surprise: true }, 'body.surprise'],
    ];

    it.each(cases)('refuses %s with 400 and the field', async (_, change, path) => {
      const response = await inject('POST', '/api/carts', admin, { ...base, ...change });
      const error = refusal(response);
      expect(error).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
      expect(error.details?.map((detail) => detail.path)).toContain(path);
    });

    it('refuses the same on edit', async () => {
      const cart = await create();
      const response = await inject('PUT', `/api/carts/${cart.id}`, admin, { ...base, shipping: -5 });
      expect(refusal(response)).toMatchObject({ status: 400, details: [{ path: 'body.shipping' }] });
    });
  });

  describe('access', () => {
    it('lets READ_ONLY read but not create, notify, resend, expire or edit', async () => {
      const cart = await create();
      expect((await inject('GET', `/api/carts/${cart.id}`, readOnly)).statusCode).toBe(200);
      expect((await inject('GET', '/api/carts', readOnly)).statusCode).toBe(200);
      expect(refusal(await inject('POST', '/api/carts', readOnly, cartInput())).status).toBe(403);
      for (const action of ['notify', 'resend', 'expire'] as const) {
        expect(refusal(await act(cart.id, action, readOnly)).status).toBe(403);
      }
      expect(refusal(await inject('PUT', `/api/carts/${cart.id}`, readOnly, cartInput())).status).toBe(403);
    });

    it("answers another merchant's cart as one that does not exist", async () => {
      const cart = await create();
      const theirs = refusal(await inject('GET', `/api/carts/${cart.id}`, otherAdmin));
      const unknown = refusal(
        await inject('GET', '/api/carts/00000000-0000-4000-8000-000000000000', otherAdmin),
      );
      expect(theirs).toEqual(unknown);
      expect(theirs.status).toBe(403);
      expect(refusal(await act(cart.id, 'expire', otherAdmin)).status).toBe(403);
      const list = listAnswer.parse((await inject('GET', '/api/carts?limit=100', otherAdmin)).json()).data;
      expect(list.items.map((item) => item.id)).not.toContain(cart.id);
    });

    it('needs a sign-in', async () => {
      expect((await inject('GET', '/api/carts', {})).statusCode).toBe(401);
    });

    it('answers a wrong token with 404 and no hint', async () => {
      const cart = await create();
      const token = tokenOf(cart.checkoutUrl);
      const wrong = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
      const answers = await Promise.all(
        [wrong, 'x', cart.id].map(async (guess) =>
          refusal(await inject('GET', `/api/checkout/${guess}`, {})),
        ),
      );
      expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
      expect(answers[0]).toMatchObject({ status: 404 });
      expect(refusal(await inject('POST', `/api/checkout/${wrong}/complete`, {})).status).toBe(404);
    });
  });

  describe('sending the link again', () => {
    it(`refuses a second message within ${String(CART_LINK_RESEND_INTERVAL_MS / 1_000)} s, and sends it after`, async () => {
      const cart = await create();
      expect((await act(cart.id, 'notify')).statusCode).toBe(200);
      // Another request, not a retry of the first: its own Idempotency-Key, or none.
      for (const action of ['notify', 'resend'] as const) {
        expect(refusal(await act(cart.id, action))).toMatchObject({
          status: 409,
          code: 'CONFLICT',
          message:
            'The link was e-mailed to the shopper less than 60 seconds ago: wait before sending it again',
          reason: 'cart.link_sent_recently',
          params: { seconds: 60 },
        });
      }
      expect(await emailCount(cart.id)).toBe(1);

      await ageEmails(cart.id, CART_LINK_RESEND_INTERVAL_MS - 5_000);
      expect(refusal(await act(cart.id, 'resend')).status).toBe(409);
      await ageEmails(cart.id, 5_001);
      expect((await act(cart.id, 'resend')).statusCode).toBe(200);
      expect(await emailCount(cart.id)).toBe(2);
      expect(await auditKinds(cart.id)).toEqual(['cart.created', 'cart.notified', 'cart.email_resent']);
    });

    it('answers a retry of the same request (its Idempotency-Key) again, without a refusal', async () => {
      const cart = await create();
      const keyed = { ...admin, 'idempotency-key': `notify-${cart.id}` };
      const first = await act(cart.id, 'notify', keyed);
      const retry = await act(cart.id, 'notify', keyed);
      expect([first.statusCode, retry.statusCode]).toEqual([200, 200]);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(retry.json()).toEqual(first.json());
      expect(await emailCount(cart.id)).toBe(1);
    });

    it('sends one message for two notifications at once', async () => {
      const cart = await create();
      const answers = await Promise.all([act(cart.id, 'notify'), act(cart.id, 'notify')]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      expect(await emailCount(cart.id)).toBe(1);
    });

    it(`refuses the ${String(CART_EMAILS_PER_WINDOW + 1)}th message of a cart within the window`, async () => {
      const cart = await create();
      for (let sent = 0; sent < CART_EMAILS_PER_WINDOW; sent += 1) {
        expect((await act(cart.id, sent === 0 ? 'notify' : 'resend')).statusCode).toBe(200);
        await ageEmails(cart.id, CART_LINK_RESEND_INTERVAL_MS);
      }
      expect(refusal(await act(cart.id, 'resend'))).toMatchObject({
        status: 429,
        code: 'RATE_LIMITED',
        reason: 'cart.too_many_emails',
        params: { count: CART_EMAILS_PER_WINDOW, minutes: CART_EMAIL_WINDOW_MS / 60_000 },
      });
      // Another cart is not held back by this one.
      const other = await create();
      expect((await act(other.id, 'notify')).statusCode).toBe(200);
    });
  });

  describe('the shopper declines', () => {
    const checkoutAnswer = dataResponseSchema(checkoutCartSchema);

    it('makes the cart DECLINED, in its history for the merchant and in the audit log, once', async () => {
      const cart = await create();
      expect((await act(cart.id, 'notify')).statusCode).toBe(200);
      const token = tokenOf(cart.checkoutUrl);

      const declined = await checkout(token, 'decline');
      expect(declined.statusCode).toBe(200);
      expect(checkoutAnswer.parse(declined.json()).data).toMatchObject({
        status: 'DECLINED',
        name: cart.name,
      });
      // Declining again (a second click, a retry) answers the same and writes nothing more.
      const again = await checkout(token, 'decline');
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(declined.json());
      expect(checkoutAnswer.parse((await checkout(token)).json()).data.status).toBe('DECLINED');

      const read = detailAnswer.parse((await inject('GET', `/api/carts/${cart.id}`, admin)).json()).data;
      expect(read.status).toBe('DECLINED');
      expect(read.history.map((entry) => [entry.status, entry.actor])).toEqual([
        ['ACTIVE', expect.stringContaining('@')],
        ['SENT', expect.stringContaining('@')],
        ['DECLINED', 'shopper'],
      ]);
      expect(await auditKinds(cart.id)).toEqual(['cart.created', 'cart.notified', 'cart.declined']);
      const audit = await testApp.database.db
        .selectFrom('audit_entries')
        .select(['actor_type', 'actor_email', 'before', 'after'])
        .where('subject_id', '=', cart.id)
        .where('kind', '=', 'cart.declined')
        .executeTakeFirstOrThrow();
      expect(audit).toMatchObject({ actor_type: 'CUSTOMER', actor_email: 'jane.shopper@example.com' });
      expect(JSON.parse(audit.before ?? '')).toEqual({ status: 'SENT' });
      expect(JSON.parse(audit.after ?? '')).toEqual({ status: 'DECLINED' });

      // Nothing more can be done with it, by the merchant or the shopper.
      for (const action of ['notify', 'resend', 'expire'] as const) {
        expect(refusal(await act(cart.id, action))).toMatchObject({
          status: 409,
          reason: 'cart.not_open_declined',
          message: 'This cart was declined: only active and sent carts can be changed',
        });
      }
      expect((await inject('PUT', `/api/carts/${cart.id}`, admin, cartInput())).statusCode).toBe(409);
      expect(refusal(await checkout(token, 'complete'))).toMatchObject({
        status: 409,
        message: 'This cart was declined',
        reason: 'checkout.declined',
      });

      const list = (status: string) =>
        inject('GET', `/api/carts?status=${status}&limit=100`, admin).then((response) =>
          listAnswer.parse(response.json()).data.items.map((item) => item.id),
        );
      expect(await list('DECLINED')).toContain(cart.id);
      expect(await list('SENT')).not.toContain(cart.id);

      // Past its expiry it still reads DECLINED: what the shopper did is what the merchant sees.
      await testApp.database.db
        .updateTable('carts')
        .set({ expires_at: new Date(Date.now() - 1_000).toISOString() })
        .where('id', '=', cart.id)
        .execute();
      expect(
        detailAnswer.parse((await inject('GET', `/api/carts/${cart.id}`, admin)).json()).data.status,
      ).toBe('DECLINED');
      expect(await list('DECLINED')).toContain(cart.id);
      expect(await list('EXPIRED')).not.toContain(cart.id);
    });

    it('can decline a cart whose link was copied rather than sent', async () => {
      const cart = await create();
      expect(
        checkoutAnswer.parse((await checkout(tokenOf(cart.checkoutUrl), 'decline')).json()).data.status,
      ).toBe('DECLINED');
    });

    it('refuses to decline a completed or expired cart, and answers an unknown link 404', async () => {
      const completed = await create();
      const completedToken = tokenOf(completed.checkoutUrl);
      expect((await checkout(completedToken, 'complete')).statusCode).toBe(200);
      expect(refusal(await checkout(completedToken, 'decline'))).toMatchObject({
        status: 409,
        message: 'This cart has already been completed',
        reason: 'checkout.completed',
      });

      const expired = await create();
      expect((await act(expired.id, 'expire')).statusCode).toBe(200);
      expect(refusal(await checkout(tokenOf(expired.checkoutUrl), 'decline'))).toMatchObject({
        status: 409,
        message: 'This cart has expired',
        reason: 'checkout.expired',
      });
      expect(await auditKinds(completed.id)).not.toContain('cart.declined');
      expect(await auditKinds(expired.id)).not.toContain('cart.declined');

      expect(refusal(await checkout('x'.repeat(43), 'decline')).status).toBe(404);
    });
  });

  it('needs an ECOMM program enrollment', async () => {
    const merchantId = await merchantIdByName(testApp.database.db, OTHER_MERCHANT);
    const ecommerce = await testApp.database.db
      .selectFrom('merchant_program_participations as mpp')
      .innerJoin('programs as p', 'p.id', 'mpp.program_id')
      .select('mpp.id')
      .where('mpp.merchant_id', '=', merchantId)
      .where('p.channel', '=', 'ECOMM')
      .where('mpp.deleted_at', 'is', null)
      .execute();
    expect(ecommerce.length).toBeGreaterThan(0);
    expect((await inject('GET', '/api/carts', otherAdmin)).statusCode).toBe(200);
    await testApp.database.db
      .updateTable('merchant_program_participations')
      .set({ deleted_at: new Date().toISOString() })
      .where(
        'id',
        'in',
        ecommerce.map((row) => row.id),
      )
      .execute();
    expect(refusal(await inject('GET', '/api/carts', otherAdmin))).toMatchObject({
      status: 403,
      message: 'Carts need an ecommerce program',
      reason: 'cart.no_ecommerce',
    });
    expect(refusal(await inject('POST', '/api/carts', otherAdmin, cartInput())).status).toBe(403);
  });

  it("offers the shopper the plans of the merchant's active enrollments in the cart's program", async () => {
    const { db } = testApp.database;
    const mainId = await merchantIdByName(db, MAIN_MERCHANT);
    const cart = await create();
    const sent = detailAnswer.parse((await act(cart.id, 'notify')).json()).data;
    const token = tokenOf(sent.checkoutUrl);
    const offered = async () =>
      dataResponseSchema(checkoutCartSchema).parse((await checkout(token)).json()).data.plans;
    const { program_id: programId } = await db
      .selectFrom('carts')
      .where('id', '=', cart.id)
      .select('program_id')
      .executeTakeFirstOrThrow();
    const before = await offered();
    expect(before.length).toBeGreaterThan(0);
    expect(before).toEqual(await activePlanTerms(db, mainId, new Date(), programId));

    // Ended, the enrollments offer nothing any more.
    const active = await inject(
      'GET',
      `/api/payment-product-enrollment?programID=${programId}&status=ACTIVE`,
      admin,
    );
    const ids = active.json<{ data: { items: { id: string }[] } }>().data.items.map((item) => item.id);
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) {
      const ended = await testApp.app.inject({
        method: 'DELETE',
        url: `/api/payment-product-enrollment/${id}`,
        headers: admin,
      });
      expect(ended.statusCode).toBe(204);
    }
    expect(await offered()).toEqual([]);
  });

  it('is hidden for the rbc brand', async () => {
    const rbc = await buildTestApp({ dialect, config: testConfig({ brand: 'rbc' }) });
    try {
      const response = await rbc.app.inject({ method: 'GET', url: '/api/carts' });
      expect(response.statusCode).toBe(404);
    } finally {
      await rbc.close();
    }
  });
});
