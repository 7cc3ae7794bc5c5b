import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentMerchantEndpoint, merchantsEndpoint } from '@portal/contracts/merchants-endpoints';
import { endpointUrl } from '@portal/contracts/endpoint';
import type { MerchantSummary } from '@portal/contracts/merchants';
import { DEMO_MERCHANTS, MAIN_MERCHANT, RBC_MERCHANT } from '../../seed/demo-merchants.js';
import { seedDemoData } from '../../seed/seed.js';
import { buildTestApp } from '../../test/test-app.js';
import type { TestApp } from '../../test/test-app.js';
import { TEST_DIALECTS } from '../../test/test-database.js';
import { authHeader, merchantIdByName, testConfig } from '../../test/tokens.js';

interface MerchantsPage {
  data: { items: MerchantSummary[]; pagination: { offset: number; limit: number; total: number } };
}

const BREAD_NAMES = DEMO_MERCHANTS.filter((merchant) => merchant.brand === 'bread')
  .map((merchant) => merchant.name)
  .sort();

describe.each(TEST_DIALECTS)('merchants (%s)', (dialect) => {
  const config = testConfig();
  let testApp: TestApp;

  const get = async (url: string, headers: Record<string, string> = {}) =>
    testApp.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    testApp = await buildTestApp({ dialect, config });
    await seedDemoData(testApp.database.db, { size: 'small' });
  });

  afterAll(async () => {
    await testApp.close();
  });

  it("lists every merchant of the server's brand to provider staff, by name, page by page", async () => {
    const staff = await authHeader(testApp.database, config, { role: 'INTERNAL_SUPPORT' });
    const all = await get(`${endpointUrl(merchantsEndpoint)}?limit=100`, staff);
    expect(all.statusCode).toBe(200);
    const page = all.json<MerchantsPage>().data;
    // Byte order, as both databases sort these plain ASCII names.
    expect(page.items.map((item) => item.name)).toEqual(BREAD_NAMES);
    expect(page.pagination).toEqual({ offset: 0, limit: 100, total: BREAD_NAMES.length });
    expect(page.items.map((item) => item.name)).not.toContain(RBC_MERCHANT);

    const second = (
      await get(`${endpointUrl(merchantsEndpoint)}?limit=2&offset=2`, staff)
    ).json<MerchantsPage>().data;
    expect(second.items.map((item) => item.name)).toEqual(BREAD_NAMES.slice(2, 4));
    expect(second.pagination).toEqual({ offset: 2, limit: 2, total: BREAD_NAMES.length });
  });

  it('searches names in any case, taking % and _ literally', async () => {
    const staff = await authHeader(testApp.database, config, { role: 'INTERNAL_ADMIN' });
    const found = (
      await get(`${endpointUrl(merchantsEndpoint)}?search=NORTHWIND%20demo`, staff)
    ).json<MerchantsPage>().data;
    expect(found.items).toEqual([
      {
        id: await merchantIdByName(testApp.database.db, MAIN_MERCHANT),
        name: MAIN_MERCHANT,
        legalName: 'Northwind Outfitters LLC',
      },
    ]);
    expect(found.pagination.total).toBe(1);
    for (const search of ['%25', '_', 'zzz']) {
      const none = (
        await get(`${endpointUrl(merchantsEndpoint)}?search=${search}`, staff)
      ).json<MerchantsPage>().data;
      expect(none, search).toEqual({ items: [], pagination: { offset: 0, limit: 20, total: 0 } });
    }
  });

  it('shows a merchant user only its own merchant, whatever it searches', async () => {
    const admin = await authHeader(testApp.database, config, { role: 'ADMIN' });
    const own = (await get(endpointUrl(merchantsEndpoint), admin)).json<MerchantsPage>().data;
    expect(own.items.map((item) => item.name)).toEqual([MAIN_MERCHANT]);
    expect(own.pagination.total).toBe(1);
    const other = (
      await get(`${endpointUrl(merchantsEndpoint)}?search=Lakeside`, admin)
    ).json<MerchantsPage>().data;
    expect(other.items).toEqual([]);
  });

  it('refuses a bad query with the field, and a caller without a token', async () => {
    const staff = await authHeader(testApp.database, config, { role: 'INTERNAL_ADMIN' });
    const tooMany = await get(`${endpointUrl(merchantsEndpoint)}?limit=101`, staff);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ error: { details: [{ path: 'query.limit' }] } });
    expect((await get(`${endpointUrl(merchantsEndpoint)}?sort=name`, staff)).statusCode).toBe(400);
    expect((await get(endpointUrl(merchantsEndpoint))).statusCode).toBe(401);
    expect((await get(endpointUrl(currentMerchantEndpoint))).statusCode).toBe(401);
  });

  it("answers the token's merchant, or 403 when provider staff have not chosen one", async () => {
    const mainId = await merchantIdByName(testApp.database.db, MAIN_MERCHANT);
    const user = await authHeader(testApp.database, config, { role: 'READ_ONLY' });
    const current = await get(endpointUrl(currentMerchantEndpoint), user);
    expect(current.statusCode).toBe(200);
    expect(current.json()).toEqual({
      data: {
        id: mainId,
        name: MAIN_MERCHANT,
        legalName: 'Northwind Outfitters LLC',
        timeZone: 'America/New_York',
        currency: 'USD',
        language: 'en',
      },
    });

    const none = await get(
      endpointUrl(currentMerchantEndpoint),
      await authHeader(testApp.database, config, { role: 'INTERNAL_ADMIN' }),
    );
    expect(none.statusCode).toBe(403);
    expect(none.json()).toEqual({
      error: {
        code: 'FORBIDDEN',
        message: 'Choose a merchant first',
        reason: 'auth.choose_merchant',
        params: {},
      },
    });

    const lakesideId = await merchantIdByName(testApp.database.db, 'Lakeside Furniture Co.');
    const chosen = await authHeader(testApp.database, config, {
      role: 'INTERNAL_ADMIN',
      merchantId: lakesideId,
    });
    expect((await get(endpointUrl(currentMerchantEndpoint), chosen)).json()).toMatchObject({
      data: { id: lakesideId, timeZone: 'America/Chicago' },
    });
  });
});

describe.each(TEST_DIALECTS)('merchants on an rbc server (%s)', (dialect) => {
  const config = testConfig({ brand: 'rbc' });
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp({ dialect, config });
    await seedDemoData(testApp.database.db, { size: 'small' });
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('lists only rbc merchants to provider staff, with their currency and language', async () => {
    const staff = await authHeader(testApp.database, config, { role: 'INTERNAL_ADMIN' });
    const page = (
      await testApp.app.inject({
        method: 'GET',
        url: `${endpointUrl(merchantsEndpoint)}?limit=100`,
        headers: staff,
      })
    ).json<MerchantsPage>().data;
    const rbcNames = DEMO_MERCHANTS.filter((merchant) => merchant.brand === 'rbc').map(
      (merchant) => merchant.name,
    );
    expect(page.items.map((item) => item.name).sort()).toEqual([...rbcNames].sort());

    const admin = await authHeader(testApp.database, config, { role: 'ADMIN' });
    const current = await testApp.app.inject({
      method: 'GET',
      url: endpointUrl(currentMerchantEndpoint),
      headers: admin,
    });
    expect(current.json()).toMatchObject({ data: { name: RBC_MERCHANT, currency: 'CAD' } });
  });

  it('answers 403 for a token naming a merchant of the other brand', async () => {
    const breadId = await merchantIdByName(testApp.database.db, MAIN_MERCHANT);
    const staff = await authHeader(testApp.database, config, { role: 'INTERNAL_ADMIN', merchantId: breadId });
    const current = await testApp.app.inject({
      method: 'GET',
      url: endpointUrl(currentMerchantEndpoint),
      headers: staff,
    });
    expect(current.statusCode).toBe(403);
  });
});
