import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '@portal/contracts/constants';
import { dataResponseSchema, errorBodySchema } from '@portal/contracts/api';
import { cartDetailSchema } from '@portal/contracts/carts';
import {
  notificationSettingsSchema,
  type NotificationEvent,
  type NotificationSettingsBody,
} from '@portal/contracts/email-notifications';
import { emailListResponseSchema } from '@portal/contracts/emails';
import { ROLE_SCOPES } from '@portal/contracts/roles';
import { SCOPES } from '@portal/contracts/scopes';
import { MAIN_MERCHANT } from '../../seed/demo-merchants.js';
import { seedDemoData } from '../../seed/seed.js';
import { cartInput } from '../../test/cart-fixtures.js';
import { buildTestApp, jsonRequest, type TestApp } from '../../test/test-app.js';
import { TEST_DIALECTS } from '../../test/test-database.js';
import { activePrograms, insertTransactionFixtures } from '../../test/transaction-fixtures.js';
import { authHeader, merchantIdByName, testConfig } from '../../test/tokens.js';
import { queueDueNotices } from './notice-job.js';

const settingsAnswer = dataResponseSchema(notificationSettingsSchema);
const cartAnswer = dataResponseSchema(cartDetailSchema);
const OTHER_MERCHANT = 'Lakeside Furniture Co.';
const EXTRA = 'controller@books.example';
const QUIET = 'quiet@books.example';
type Headers = Record<string, string>;
type Answer = { statusCode: number; json: () => unknown };

const refusal = (response: Answer) => ({
  status: response.statusCode,
  ...errorBodySchema.parse(response.json()).error,
});

describe.each(TEST_DIALECTS)('e-mail notifications (%s)', (dialect) => {
  const config = testConfig();
  let testApp: TestApp;
  let mainId: string;
  let otherId: string;
  let programId: string;
  let admin: Headers;
  let user: Headers;
  let readOnly: Headers;
  let otherAdmin: Headers;
  /** A team member of the main merchant, and one of the other merchant. */
  let member: string;
  let otherMember: string;

  const inject = (method: 'GET' | 'PUT' | 'POST', url: string, headers: Headers, payload?: object) =>
    testApp.app.inject({ method, url, ...jsonRequest(headers, payload) });
  const settings = async (headers: Headers = admin) => {
    const response = await inject('GET', '/api/email-notifications', headers);
    expect(response.statusCode).toBe(200);
    return settingsAnswer.parse(response.json()).data;
  };
  const save = (body: NotificationSettingsBody, headers: Headers = admin) =>
    inject('PUT', '/api/email-notifications', headers, body);
  const saveOk = async (body: NotificationSettingsBody, headers: Headers = admin) => {
    const response = await save(body, headers);
    expect(response.statusCode, response.body).toBe(200);
    return settingsAnswer.parse(response.json()).data;
  };
  const on = (event: NotificationEvent, ...emails: string[]) => emails.map((email) => ({ event, email }));
  /** The outbox's messages of one template about one subject, by recipient. */
  const mailOf = (template: string, relatedId: string) =>
    testApp.database.db
      .selectFrom('outbound_emails')
      .select(['to_address', 'locale', 'subject', 'merchant_id', 'related_type'])
      .where('template', '=', template)
      .where('related_id', '=', relatedId)
      .orderBy('to_address')
      .execute();
  const recipientsOf = async (template: string, relatedId: string) =>
    (await mailOf(template, relatedId)).map((row) => row.to_address);
  const fixture = async (state: Record<string, unknown> = {}) => {
    const [row] = await insertTransactionFixtures(testApp.database.db, [
      { merchant_id: mainId, program_id: programId, ...state },
    ]);
    if (row === undefined) throw new Error('no fixture');
    return row.id;
  };
  const newCart = async () => {
    const response = await inject('POST', '/api/carts', admin, cartInput());
    expect(response.statusCode).toBe(201);
    return cartAnswer.parse(response.json()).data;
  };

  beforeAll(async () => {
    testApp = await buildTestApp({ dialect, config });
    const { db } = testApp.database;
    await seedDemoData(db, { size: 'small' });
    mainId = await merchantIdByName(db, MAIN_MERCHANT);
    otherId = await merchantIdByName(db, OTHER_MERCHANT);
    programId = (await activePrograms(db, mainId)).find((p) => p.channel === 'ECOMM')?.id ?? '';
    // The main merchant writes in Canadian French: its notifications must too.
    await db.updateTable('merchants').set({ language: 'fr-CA' }).where('id', '=', mainId).execute();
    admin = await authHeader(testApp.database, config, { role: 'ADMIN' });
    user = await authHeader(testApp.database, config, { role: 'USER' });
    readOnly = await authHeader(testApp.database, config, { role: 'READ_ONLY' });
    otherAdmin = await authHeader(testApp.database, config, { role: 'ADMIN', merchantId: otherId });
    member = (await settings()).teamMembers[0]?.email ?? '';
    otherMember = (await settings(otherAdmin)).teamMembers[0]?.email ?? '';
  });
  afterAll(async () => {
    await testApp.close();
  });

  describe('access', () => {
    it('lets a read-only user read the matrix and the log, never change or test it', async () => {
      const matrix = await settings(readOnly);
      expect(matrix.teamMembers.map((m) => m.email)).toContain(member);
      expect(matrix.events).toContain('DAILY_SETTLEMENT_SUMMARY');
      expect((await inject('GET', '/api/email-notifications/deliveries', readOnly)).statusCode).toBe(200);
      expect((await save({ extraAddresses: [], subscriptions: [] }, readOnly)).statusCode).toBe(403);
      expect(
        (await inject('POST', '/api/email-notifications/REFUND_PROCESSED/test', readOnly)).statusCode,
      ).toBe(403);
    });

    it('refuses every call without the read scope, and changes without the edit scope', async () => {
      const withoutRead = await authHeader(testApp.database, config, {
        role: 'ADMIN',
        scopes: ROLE_SCOPES.ADMIN.filter((scope) => scope !== SCOPES.emailNotificationsRead),
      });
      expect((await inject('GET', '/api/email-notifications', withoutRead)).statusCode).toBe(403);
      expect((await inject('GET', '/api/email-notifications/deliveries', withoutRead)).statusCode).toBe(403);
      expect((await save({ extraAddresses: [], subscriptions: [] }, withoutRead)).statusCode).toBe(403);
      const withoutEdit = await authHeader(testApp.database, config, {
        role: 'ADMIN',
        scopes: ROLE_SCOPES.ADMIN.filter((scope) => scope !== SCOPES.emailNotificationsEdit),
      });
      expect((await save({ extraAddresses: [], subscriptions: [] }, withoutEdit)).statusCode).toBe(403);
      expect(
        (await inject('POST', '/api/email-notifications/NEW_TRANSACTION/test', withoutEdit)).statusCode,
      ).toBe(403);
    });
  });

  describe('validation', () => {
    it('refuses a bad address and an unknown event with their paths', async () => {
      const bad = await save({ extraAddresses: ['not-an-address'], subscriptions: [] });
      expect(refusal(bad)).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
      expect(refusal(bad).details?.map((detail) => detail.path)).toEqual(['body.extraAddresses.0']);
      const unknown = await inject('PUT', '/api/email-notifications', admin, {
        extraAddresses: [],
        subscriptions: [{ event: 'STOCK_LOW', email: member }],
      });
      expect(refusal(unknown)).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
      expect(refusal(unknown).details?.map((detail) => detail.path)).toEqual(['body.subscriptions.0.event']);
      const test = await inject('POST', '/api/email-notifications/STOCK_LOW/test', admin);
      expect(test.statusCode).toBe(400);
    });

    it("refuses another merchant's team member, and an added address that is a team member", async () => {
      expect(otherMember).not.toBe('');
      expect(
        refusal(await save({ extraAddresses: [], subscriptions: on('NEW_TRANSACTION', otherMember) })),
      ).toMatchObject({
        status: 422,
        reason: 'notifications.unknown_recipient',
        params: { email: otherMember },
        details: [{ path: 'body.subscriptions.0.email' }],
      });
      expect(refusal(await save({ extraAddresses: [member], subscriptions: [] }))).toMatchObject({
        status: 422,
        reason: 'notifications.address_is_team_member',
      });
      // Nothing of the refused saves was kept.
      expect((await settings()).subscriptions).toEqual([]);
    });
  });

  describe('saving', () => {
    it('saves the matrix with an audit entry of what changed, and shows it to no other merchant', async () => {
      const saved = await saveOk({
        extraAddresses: [EXTRA.toUpperCase(), QUIET],
        subscriptions: [...on('REFUND_PROCESSED', member, EXTRA), ...on('NEW_TRANSACTION', EXTRA)],
      });
      expect(saved.extraAddresses).toEqual([EXTRA, QUIET]);
      expect(saved.subscriptions).toEqual(
        expect.arrayContaining([...on('REFUND_PROCESSED', member, EXTRA), ...on('NEW_TRANSACTION', EXTRA)]),
      );
      expect(saved.subscriptions).toHaveLength(3);
      const entry = await testApp.database.db
        .selectFrom('audit_entries')
        .select(['before', 'after', 'merchant_id'])
        .where('kind', '=', 'notifications.updated')
        .orderBy('created_at', 'desc')
        .executeTakeFirstOrThrow();
      expect(entry.merchant_id).toBe(mainId);
      expect(JSON.parse(entry.before ?? '{}')).toMatchObject({ extraAddresses: '', REFUND_PROCESSED: '' });
      expect(JSON.parse(entry.after ?? '{}')).toMatchObject({
        extraAddresses: `${EXTRA}, ${QUIET}`,
        REFUND_PROCESSED: [member, EXTRA].sort().join(', '),
      });
      const other = await settings(otherAdmin);
      expect(other.extraAddresses).toEqual([]);
      expect(other.subscriptions).toEqual([]);
    });

    it('makes the daily settlement summary row the settlement subscriptions, changed by an administrator only', async () => {
      const current = await settings();
      const body = {
        extraAddresses: current.extraAddresses,
        subscriptions: [...current.subscriptions, ...on('DAILY_SETTLEMENT_SUMMARY', QUIET)],
      };
      expect(refusal(await save(body, user))).toMatchObject({
        status: 403,
        reason: 'notifications.settlement_summary_admin_only',
      });
      await saveOk(body);
      const listed = await inject('GET', '/api/settlement/subscriptions', admin);
      expect(listed.json()).toMatchObject({
        data: { items: [{ email: QUIET, frequency: 'DAILY', locale: 'fr-CA' }] },
      });
      // A USER may still change the other rows as long as the summary's stays as it is.
      await saveOk({ ...body, subscriptions: [...body.subscriptions, ...on('CART_EXPIRED', member)] }, user);
      // Turned off here, the subscription goes.
      await saveOk({ ...body, subscriptions: current.subscriptions });
      expect((await inject('GET', '/api/settlement/subscriptions', admin)).json()).toEqual({
        data: { items: [] },
      });
    });
  });

  describe('events', () => {
    it('sends a refund e-mail to exactly the subscribers, in the merchant language, and none when off', async () => {
      const id = await fixture({
        total: 10_000,
        settled: 10_000,
        status: 'SETTLED',
        external_id: 'ORD-REFUND-1',
      });
      const refunded = await inject('POST', `/api/transactions/${id}/refund`, admin, {
        amount: { currency: 'USD', value: 2_500 },
      });
      expect(refunded.statusCode).toBe(200);
      const mail = await mailOf('notification-refund-processed', id);
      expect(mail.map((row) => row.to_address)).toEqual([EXTRA, member].sort());
      expect(mail.every((row) => row.locale === 'fr-CA' && row.merchant_id === mainId)).toBe(true);
      expect(mail[0]?.subject).toContain('Remboursement effectué');
      expect(mail[0]?.subject).toContain('ORD-REFUND-1');

      const current = await settings();
      await saveOk({
        extraAddresses: current.extraAddresses,
        subscriptions: current.subscriptions.filter((cell) => cell.event !== 'REFUND_PROCESSED'),
      });
      const quiet = await fixture({ total: 10_000, settled: 10_000, status: 'SETTLED' });
      expect((await inject('POST', `/api/transactions/${quiet}/refund`, admin, {})).statusCode).toBe(200);
      expect(await recipientsOf('notification-refund-processed', quiet)).toEqual([]);
    });

    it('sends the new transaction and cart completed e-mails when a shopper pays a cart', async () => {
      const current = await settings();
      await saveOk({
        extraAddresses: current.extraAddresses,
        subscriptions: [...current.subscriptions, ...on('CART_COMPLETED', member)],
      });
      const cart = await newCart();
      const token = decodeURIComponent(new URL(cart.checkoutUrl).pathname.split('/').pop() ?? '');
      const completed = await inject('POST', `/api/checkout/${token}/complete`, {});
      expect(completed.statusCode).toBe(200);
      const { transactionID } = completed.json<{ data: { transactionID: string } }>().data;
      expect(await recipientsOf('notification-new-transaction', transactionID)).toEqual([EXTRA]);
      expect(await recipientsOf('notification-cart-completed', cart.id)).toEqual([member]);
    });

    it('sends the cart expired e-mail when a user expires a cart, and once when one lapses by time', async () => {
      const current = await settings();
      await saveOk({
        extraAddresses: current.extraAddresses,
        subscriptions: [...current.subscriptions, ...on('CART_EXPIRED', member)],
      });
      const byUser = await newCart();
      expect((await inject('POST', `/api/carts/${byUser.id}/expire`, admin)).statusCode).toBe(200);
      expect(await recipientsOf('notification-cart-expired', byUser.id)).toEqual([member]);

      const byTime = await newCart();
      const { db } = testApp.database;
      await db
        .updateTable('carts')
        .set({ expires_at: new Date(Date.now() - 60_000).toISOString() })
        .where('id', '=', byTime.id)
        .execute();
      await queueDueNotices(db);
      await queueDueNotices(db);
      expect(await recipientsOf('notification-cart-expired', byTime.id)).toEqual([member]);
      // The cart the user expired is not announced again by the job.
      expect(await recipientsOf('notification-cart-expired', byUser.id)).toEqual([member]);
    });

    it('announces an authorization that expires within 7 days, once, and not one that expires later', async () => {
      const current = await settings();
      await saveOk({
        extraAddresses: current.extraAddresses,
        subscriptions: [...current.subscriptions, ...on('AUTHORIZATION_EXPIRING', QUIET)],
      });
      const soon = await fixture({ created_at: new Date(Date.now() - 85 * DAY_MS).toISOString() });
      const later = await fixture({ created_at: new Date(Date.now() - 30 * DAY_MS).toISOString() });
      const { db } = testApp.database;
      await queueDueNotices(db);
      await queueDueNotices(db);
      expect(await recipientsOf('notification-authorization-expiring', soon)).toEqual([QUIET]);
      expect(await recipientsOf('notification-authorization-expiring', later)).toEqual([]);
    });

    it('tells the subscribers that a user was invited, and nobody when no one subscribed', async () => {
      const invite = async (email: string) => {
        const response = await inject('POST', '/api/users', admin, {
          firstName: 'Noor',
          lastName: 'Haddad',
          email,
          role: 'USER',
        });
        expect(response.statusCode).toBe(201);
        return response.json<{ data: { id: string } }>().data.id;
      };
      const unannounced = await invite('noor.first@team.example');
      expect(await recipientsOf('notification-user-invited', unannounced)).toEqual([]);
      const current = await settings();
      await saveOk({
        extraAddresses: current.extraAddresses,
        subscriptions: [...current.subscriptions, ...on('USER_INVITED', EXTRA)],
      });
      const announced = await invite('noor.second@team.example');
      const mail = await mailOf('notification-user-invited', announced);
      expect(mail.map((row) => row.to_address)).toEqual([EXTRA]);
      expect(mail[0]?.subject).toContain('a été invité');
    });
  });

  describe('test sends and the delivery log', () => {
    it('sends a test to the recipients of the event, marked as a test; none to send is a refusal', async () => {
      const sent = await inject('POST', '/api/email-notifications/USER_INVITED/test', admin);
      expect(sent.statusCode).toBe(200);
      expect(sent.json()).toEqual({ data: { queued: 1 } });
      const mail = await mailOf('notification-user-invited', 'USER_INVITED');
      expect(mail).toMatchObject([{ to_address: EXTRA, related_type: 'notification_test', locale: 'fr-CA' }]);
      expect(mail[0]?.subject.startsWith('[Essai] ')).toBe(true);
      expect(
        refusal(await inject('POST', '/api/email-notifications/REFUND_PROCESSED/test', admin)),
      ).toMatchObject({
        status: 422,
        reason: 'notifications.no_recipients',
      });
    });

    it("shows only the merchant's own e-mails to its recipients", async () => {
      // The other merchant notifies the same address: its e-mail is not the main merchant's.
      await saveOk({ extraAddresses: [EXTRA], subscriptions: on('CART_EXPIRED', EXTRA) }, otherAdmin);
      const otherTest = await inject('POST', '/api/email-notifications/CART_EXPIRED/test', otherAdmin);
      expect(otherTest.json()).toEqual({ data: { queued: 1 } });
      const english = await mailOf('notification-cart-expired', 'CART_EXPIRED');
      expect(english).toMatchObject([{ merchant_id: otherId, locale: 'en' }]);
      expect(english[0]?.subject.startsWith('[Test] ')).toBe(true);

      const log = async (query: string, headers: Headers = admin) => {
        const response = await inject('GET', `/api/email-notifications/deliveries${query}`, headers);
        expect(response.statusCode).toBe(200);
        return emailListResponseSchema.parse(response.json()).data;
      };
      const all = await log('');
      expect(all.items.length).toBeGreaterThan(0);
      expect(all.items.every((item) => item.merchantId === mainId)).toBe(true);
      // The shoppers' cart e-mails of the merchant are not its recipients'.
      expect(all.items.some((item) => item.template === 'cart-link')).toBe(false);
      const extra = await log(`?to=${encodeURIComponent(EXTRA)}`);
      expect(extra.items.every((item) => item.to === EXTRA && item.merchantId === mainId)).toBe(true);
      expect(extra.items.map((item) => item.template)).toContain('notification-user-invited');
      // An address that is not the merchant's recipient shows nothing, even one with mail of the merchant.
      expect((await log(`?to=${encodeURIComponent(otherMember)}`)).items).toEqual([]);
      const otherLog = await log(`?to=${encodeURIComponent(EXTRA)}`, otherAdmin);
      expect(otherLog.items.map((item) => item.merchantId)).toEqual([otherId]);
    });
  });
});
