import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dataResponseSchema, errorBodySchema } from '@portal/contracts/api';
import { cartDetailSchema, checkoutCartSchema } from '@portal/contracts/carts';
import { insightsSchema } from '@portal/contracts/insights';
import {
  merchantSettingsBodySchema,
  merchantSettingsResponseSchema,
  type MerchantSettings,
  type MerchantSettingsInput,
} from '@portal/contracts/merchant-settings';
import { SCOPES } from '@portal/contracts/scopes';
import { transactionListResponseSchema } from '@portal/contracts/transactions';
import { MAIN_MERCHANT, RBC_MERCHANT } from '../../seed/demo-merchants.js';
import { seedDemoData } from '../../seed/seed.js';
import { cartInput } from '../../test/cart-fixtures.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { TEST_DIALECTS } from '../../test/test-database.js';
import { activePrograms, insertTransactionFixtures } from '../../test/transaction-fixtures.js';
import { authHeader, merchantIdByName, testConfig } from '../../test/tokens.js';
import { attachToDeposit } from '../settlement/service.js';

const URL = '/api/merchants/current/settings';
const LAKESIDE = 'Lakeside Furniture Co.';
type Headers = Record<string, string>;

/** The settings as the form sends them back: every one but the country. */
const editable = (settings: MerchantSettings): MerchantSettingsInput =>
  z.object(merchantSettingsBodySchema.shape).parse(settings);

/** The calendar day of an instant in a zone, by Intl, independently of the server. */
const dayIn = (timeZone: string, iso: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(iso),
  );

describe.each(TEST_DIALECTS)('general settings (%s)', (dialect) => {
  const config = testConfig();
  let testApp: TestApp;
  let lakesideId: string;
  let admin: Headers;
  /** Lakeside's own values (the demo data's), as the form sends them back. */
  let LAKESIDE_SETTINGS: MerchantSettingsInput;

  const get = (headers: Headers) => testApp.app.inject({ method: 'GET', url: URL, headers });
  const put = (headers: Headers, body: unknown) =>
    testApp.app.inject({ method: 'PUT', url: URL, headers, payload: body as Record<string, unknown> });
  const settingsOf = async (headers: Headers) => {
    const response = await get(headers);
    expect(response.statusCode, response.body).toBe(200);
    return merchantSettingsResponseSchema.parse(response.json()).data;
  };
  const save = async (body: MerchantSettingsInput, headers = admin) => {
    const response = await put(headers, body);
    expect(response.statusCode, response.body).toBe(200);
    return merchantSettingsResponseSchema.parse(response.json()).data;
  };
  const auditEntries = () =>
    testApp.database.db
      .selectFrom('audit_entries')
      .selectAll()
      .where('kind', '=', 'merchant.settings_updated')
      .orderBy('created_at')
      .execute();

  beforeAll(async () => {
    testApp = await buildTestApp({ dialect, config });
    await seedDemoData(testApp.database.db, { size: 'small' });
    lakesideId = await merchantIdByName(testApp.database.db, LAKESIDE);
    admin = await authHeader(testApp.database, config, { role: 'ADMIN', merchantId: lakesideId });
    const settings = editable(await settingsOf(admin));
    LAKESIDE_SETTINGS = settings;
    expect(settings).toMatchObject({ name: LAKESIDE, timeZone: 'America/Chicago', addressLine2: '' });
  });

  afterAll(async () => {
    await testApp.close();
  });

  it("answers the token's merchant's settings to every role with the page's scope", async () => {
    const mainId = await merchantIdByName(testApp.database.db, MAIN_MERCHANT);
    for (const role of ['ADMIN', 'USER', 'READ_ONLY'] as const) {
      const settings = await settingsOf(await authHeader(testApp.database, config, { role }));
      expect(settings).toMatchObject({
        name: MAIN_MERCHANT,
        legalName: 'Northwind Outfitters LLC',
        contactPhone: '+1 212 555 0142',
        addressLine1: '120 Hudson Street',
        addressLine2: '',
        city: 'New York',
        region: 'NY',
        postalCode: '10013',
        country: 'US',
        website: 'https://www.northwind-outfitters.example',
        timeZone: 'America/New_York',
        language: 'en',
      });
    }
    const support = await authHeader(testApp.database, config, {
      role: 'INTERNAL_SUPPORT',
      merchantId: mainId,
    });
    expect((await settingsOf(support)).name).toBe(MAIN_MERCHANT);
  });

  it('refuses a caller without the read scope, without a token, or staff who have not chosen a merchant', async () => {
    const noRead = await authHeader(testApp.database, config, { role: 'ADMIN', scopes: [] });
    const refused = await get(noRead);
    expect(refused.statusCode).toBe(403);
    expect(errorBodySchema.parse(refused.json()).error.reason).toBe('auth.no_permission');
    expect((await get({})).statusCode).toBe(401);
    const unchosen = await get(await authHeader(testApp.database, config, { role: 'INTERNAL_ADMIN' }));
    expect(unchosen.statusCode).toBe(403);
    expect(errorBodySchema.parse(unchosen.json()).error.reason).toBe('auth.choose_merchant');
  });

  it('refuses a save by every role without the edit scope, changing nothing', async () => {
    const before = await auditEntries();
    const changed = { ...LAKESIDE_SETTINGS, city: 'Evanston' };
    for (const request of [
      { role: 'READ_ONLY', merchantId: lakesideId },
      { role: 'INTERNAL_SUPPORT', merchantId: lakesideId },
      { role: 'ADMIN', merchantId: lakesideId, scopes: [SCOPES.settingsPageAccess] },
    ] as const) {
      const response = await put(await authHeader(testApp.database, config, request), changed);
      expect(response.statusCode, request.role).toBe(403);
      expect(errorBodySchema.parse(response.json()).error).toMatchObject({
        code: 'FORBIDDEN',
        reason: 'auth.no_permission',
      });
    }
    expect((await settingsOf(admin)).city).toBe(LAKESIDE_SETTINGS.city);
    expect(await auditEntries()).toHaveLength(before.length);
  });

  it('saves, with an audit entry of the changed fields before and after, and trims what it keeps', async () => {
    const staff = await authHeader(testApp.database, config, {
      role: 'INTERNAL_ADMIN',
      merchantId: lakesideId,
    });
    const saved = await save(
      {
        ...LAKESIDE_SETTINGS,
        name: '  Lakeside Home  ',
        addressLine2: 'Suite 400',
        postalCode: '60654-1234',
        region: 'il',
        website: '',
      },
      staff,
    );
    expect(saved).toMatchObject({
      name: 'Lakeside Home',
      addressLine2: 'Suite 400',
      postalCode: '60654-1234',
      region: 'IL',
      website: '',
    });
    expect(await settingsOf(admin)).toEqual(saved);
    const [entry] = (await auditEntries()).filter((row) => row.merchant_id === lakesideId).slice(-1);
    expect(entry).toMatchObject({
      subject_type: 'merchant',
      subject_id: lakesideId,
      actor_role: 'INTERNAL_ADMIN',
    });
    expect(JSON.parse(entry?.before ?? 'null')).toEqual({
      name: LAKESIDE,
      addressLine2: '',
      postalCode: LAKESIDE_SETTINGS.postalCode,
      website: LAKESIDE_SETTINGS.website,
    });
    expect(JSON.parse(entry?.after ?? 'null')).toEqual({
      name: 'Lakeside Home',
      addressLine2: 'Suite 400',
      postalCode: '60654-1234',
      website: '',
    });

    // Saving the same values again changes nothing and records nothing.
    const count = (await auditEntries()).length;
    await save({
      ...LAKESIDE_SETTINGS,
      name: 'Lakeside Home',
      addressLine2: 'Suite 400',
      postalCode: '60654-1234',
      website: '',
    });
    expect(await auditEntries()).toHaveLength(count);
    await save(LAKESIDE_SETTINGS);
  });

  it('refuses invalid values with each field named, by the same message keys the form shows', async () => {
    const bad = await put(admin, {
      ...LAKESIDE_SETTINGS,
      name: ' ',
      contactEmail: 'not-an-email',
      contactPhone: '12',
      website: 'http://lakeside.example',
    });
    expect(bad.statusCode).toBe(400);
    expect(errorBodySchema.parse(bad.json()).error.details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'body.name', message: 'generalSettings:validation.required' }),
        expect.objectContaining({ path: 'body.contactEmail', message: 'generalSettings:validation.email' }),
        expect.objectContaining({ path: 'body.contactPhone', message: 'generalSettings:validation.phone' }),
        expect.objectContaining({ path: 'body.website', message: 'generalSettings:validation.website' }),
      ]),
    );

    // A Canadian province, a Canadian postal code, a zone of Canada and French: not for a US bread merchant.
    const foreign = await put(admin, {
      ...LAKESIDE_SETTINGS,
      region: 'QC',
      postalCode: 'H3G 1P1',
      timeZone: 'America/Toronto',
      language: 'fr-CA',
    });
    expect(foreign.statusCode).toBe(400);
    expect(
      errorBodySchema.parse(foreign.json()).error.details?.map((detail) => [detail.path, detail.message]),
    ).toEqual([
      ['body.region', 'generalSettings:validation.region'],
      ['body.postalCode', 'generalSettings:validation.postalCode'],
      ['body.timeZone', 'generalSettings:validation.timeZone'],
      ['body.language', 'generalSettings:validation.language'],
    ]);

    const unknownField = await put(admin, { ...LAKESIDE_SETTINGS, country: 'CA' });
    expect(unknownField.statusCode).toBe(400);
    const otherMerchant = await put(admin, { ...LAKESIDE_SETTINGS, merchantId: 'x' });
    expect(otherMerchant.statusCode).toBe(400);
    expect((await settingsOf(admin)).region).toBe('IL');
  });

  it("never reads or changes another merchant's settings: the merchant is the token's", async () => {
    const mainId = await merchantIdByName(testApp.database.db, MAIN_MERCHANT);
    const mainAdmin = await authHeader(testApp.database, config, { role: 'ADMIN' });
    expect((await settingsOf(mainAdmin)).name).toBe(MAIN_MERCHANT);
    // Lakeside's values sent by Northwind's admin change Northwind alone.
    const before = await settingsOf(mainAdmin);
    await save({ ...LAKESIDE_SETTINGS, name: 'Northwind Renamed' }, mainAdmin);
    expect((await settingsOf(admin)).name).toBe(LAKESIDE);
    const main = await testApp.database.db
      .selectFrom('merchants')
      .select('name')
      .where('id', '=', mainId)
      .executeTakeFirstOrThrow();
    expect(main.name).toBe('Northwind Renamed');
    await save(editable(before), mainAdmin);
  });

  it("shows the display name on the shopper's checkout page and in the cart's e-mail", async () => {
    await save({ ...LAKESIDE_SETTINGS, name: 'Lakeside Home Store' });
    const created = await testApp.app.inject({
      method: 'POST',
      url: '/api/carts',
      headers: admin,
      payload: cartInput({ shopper: { ...cartInput().shopper, email: 'shopper.lakeside@example.com' } }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const cart = dataResponseSchema(cartDetailSchema).parse(created.json()).data;
    const notified = await testApp.app.inject({
      method: 'POST',
      url: `/api/carts/${cart.id}/notify`,
      headers: admin,
    });
    expect(notified.statusCode, notified.body).toBe(200);
    const email = await testApp.database.db
      .selectFrom('outbound_emails')
      .select(['subject', 'locale'])
      .where('to_address', '=', 'shopper.lakeside@example.com')
      .executeTakeFirstOrThrow();
    expect(email).toEqual({ subject: 'Lakeside Home Store: your cart is ready', locale: 'en' });
    const token = decodeURIComponent(new globalThis.URL(cart.checkoutUrl).pathname.split('/').pop() ?? '');
    const checkout = await testApp.app.inject({ method: 'GET', url: `/api/checkout/${token}` });
    expect(dataResponseSchema(checkoutCartSchema).parse(checkout.json()).data.merchantName).toBe(
      'Lakeside Home Store',
    );
    await save(LAKESIDE_SETTINGS);
  });

  it('moves a transaction near midnight to the other day in the list, insights and settlement after a zone change', async () => {
    const { db } = testApp.database;
    const [program] = await activePrograms(db, lakesideId);
    // 23:30 in Chicago, 00:30 the next day in New York.
    const at = '2026-06-15T04:30:00.000Z';
    const [row] = await insertTransactionFixtures(db, [
      {
        merchant_id: lakesideId,
        program_id: program?.id ?? '',
        created_at: at,
        external_id: 'NEAR-MIDNIGHT-1',
      },
    ]);
    const listed = async (day: string) => {
      const response = await testApp.app.inject({
        method: 'GET',
        url: `/api/transactions?from=${day}&to=${day}&search=NEAR-MIDNIGHT-1`,
        headers: admin,
      });
      expect(response.statusCode, response.body).toBe(200);
      return transactionListResponseSchema.parse(response.json()).data.items.map((item) => item.id);
    };
    const insightsCount = async (day: string) => {
      const response = await testApp.app.inject({
        method: 'GET',
        url: `/api/insights?from=${day}&to=${day}`,
        headers: admin,
      });
      expect(response.statusCode, response.body).toBe(200);
      return dataResponseSchema(insightsSchema).parse(response.json()).data;
    };
    const countOn = async (timeZone: string, day: string) =>
      (
        await db
          .selectFrom('transactions')
          .select('created_at')
          .where('merchant_id', '=', lakesideId)
          .execute()
      ).filter((transaction) => dayIn(timeZone, transaction.created_at) === day).length;
    const bankDay = async () =>
      (
        await attachToDeposit(db, {
          merchantId: lakesideId,
          currency: 'USD',
          type: 'SETTLE',
          amount: 100,
          fee: 0,
          programId: program?.id ?? null,
          at,
        })
      ).bankRequestedOn;

    expect(await listed('2026-06-14')).toEqual([row?.id]);
    expect(await listed('2026-06-15')).toEqual([]);
    const chicago = await insightsCount('2026-06-14');
    expect(chicago.timeZone).toBe('America/Chicago');
    expect(chicago.metrics.current.transactionCount).toBe(await countOn('America/Chicago', '2026-06-14'));
    expect(await bankDay()).toBe('2026-06-14');

    await save({ ...LAKESIDE_SETTINGS, timeZone: 'America/New_York' });

    expect(await listed('2026-06-14')).toEqual([]);
    expect(await listed('2026-06-15')).toEqual([row?.id]);
    for (const day of ['2026-06-14', '2026-06-15']) {
      const newYork = await insightsCount(day);
      expect(newYork.timeZone).toBe('America/New_York');
      expect(newYork.metrics.current.transactionCount, day).toBe(await countOn('America/New_York', day));
    }
    expect(await bankDay()).toBe('2026-06-15');
    const next = await testApp.app.inject({
      method: 'GET',
      url: '/api/settlement/next-deposit',
      headers: admin,
    });
    expect(next.json()).toMatchObject({ data: { timeZone: 'America/New_York' } });

    await save(LAKESIDE_SETTINGS);
    expect(await listed('2026-06-14')).toEqual([row?.id]);
  });
});

describe.each(TEST_DIALECTS)('general settings on an rbc server (%s)', (dialect) => {
  const config = testConfig({ brand: 'rbc' });
  let testApp: TestApp;
  let admin: Headers;

  const save = async (changes: Partial<MerchantSettingsInput>) => {
    const current = await testApp.app.inject({ method: 'GET', url: URL, headers: admin });
    const settings = editable(merchantSettingsResponseSchema.parse(current.json()).data);
    const response = await testApp.app.inject({
      method: 'PUT',
      url: URL,
      headers: admin,
      payload: { ...settings, ...changes },
    });
    expect(response.statusCode, response.body).toBe(200);
    return merchantSettingsResponseSchema.parse(response.json()).data;
  };
  const latestEmail = (to: string) =>
    testApp.database.db
      .selectFrom('outbound_emails')
      .select(['subject', 'text', 'locale'])
      .where('to_address', '=', to)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    testApp = await buildTestApp({ dialect, config });
    await seedDemoData(testApp.database.db, { size: 'small' });
    admin = await authHeader(testApp.database, config, { role: 'ADMIN' });
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('takes a Canadian address, a zone of Canada and French, and refuses a US ZIP code', async () => {
    const saved = await save({
      region: 'qc',
      postalCode: 'h3g 1p1',
      timeZone: 'America/Halifax',
      language: 'fr-CA',
    });
    expect(saved).toMatchObject({
      country: 'CA',
      region: 'QC',
      postalCode: 'H3G 1P1',
      timeZone: 'America/Halifax',
    });
    const refused = await testApp.app.inject({
      method: 'PUT',
      url: URL,
      headers: admin,
      payload: { ...saved, country: undefined, postalCode: '10013' },
    });
    expect(refused.statusCode).toBe(400);
    expect(errorBodySchema.parse(refused.json()).error.details).toEqual([
      { path: 'body.postalCode', message: 'generalSettings:validation.postalCode' },
    ]);
  });

  it("writes an invitation that asks for no language in the merchant's language", async () => {
    await save({ language: 'fr-CA' });

    // An invitation that asks for no language is in the merchant's; one that asks for English is in English.
    const invite = (email: string, locale?: 'en') =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: admin,
        payload: {
          firstName: 'Lise',
          lastName: 'Tremblay',
          email,
          role: 'USER',
          ...(locale ? { locale } : {}),
        },
      });
    expect((await invite('lise.fr@example.com')).statusCode).toBe(201);
    expect(await latestEmail('lise.fr@example.com')).toMatchObject({ locale: 'fr-CA' });
    expect((await invite('lise.en@example.com', 'en')).statusCode).toBe(201);
    expect(await latestEmail('lise.en@example.com')).toMatchObject({ locale: 'en' });

    await save({ language: 'en' });
    expect((await invite('lise.default@example.com')).statusCode).toBe(201);
    expect(await latestEmail('lise.default@example.com')).toMatchObject({ locale: 'en' });
  });

  it("writes a password reset that asks for no language in the user's merchant's language", async () => {
    const { db } = testApp.database;
    const { email } = await db
      .selectFrom('users')
      .innerJoin('merchants', 'merchants.id', 'users.merchant_id')
      .select('users.email')
      .where('merchants.name', '=', RBC_MERCHANT)
      .where('users.status', '=', 'ACTIVE')
      .orderBy('users.email')
      .executeTakeFirstOrThrow();
    const forgot = async (locale?: 'en') => {
      // One message at a time: two written in the same millisecond would not sort.
      await db.deleteFrom('outbound_emails').where('to_address', '=', email).execute();
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/passwords/forgot',
        payload: { email, ...(locale ? { locale } : {}) },
      });
      expect(response.statusCode, response.body).toBe(202);
      return latestEmail(email);
    };
    await save({ language: 'fr-CA' });
    expect(await forgot()).toMatchObject({ locale: 'fr-CA' });
    expect(await forgot('en')).toMatchObject({ locale: 'en' });
    await save({ language: 'en' });
    expect(await forgot()).toMatchObject({ locale: 'en' });
  });
});
