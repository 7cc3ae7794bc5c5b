import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataResponseSchema } from '@portal/contracts/api';
import { DAY_MS } from '@portal/contracts/constants';
import {
  defaultPlacements,
  placementPlansSchema,
  placementSettingsSchema,
  publicPlacementConfigSchema,
  type Placements,
} from '@portal/contracts/placements';
import { SCOPES } from '@portal/contracts/scopes';
import { MAIN_MERCHANT, MANY_PROGRAMS_MERCHANT, RBC_MERCHANT } from '../../seed/demo-merchants.js';
import { seedDemoData } from '../../seed/seed.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { TEST_DIALECTS } from '../../test/test-database.js';
import { authHeader, merchantIdByName, testConfig } from '../../test/tokens.js';

const settingsAnswer = dataResponseSchema(placementSettingsSchema);
const plansAnswer = dataResponseSchema(placementPlansSchema);
type Headers = Record<string, string>;

const PRODUCT_ON: Placements = {
  ...defaultPlacements('USD'),
  product: { enabled: true, style: 'button', theme: 'dark', threshold: { currency: 'USD', value: 5_000 } },
};

describe.each(TEST_DIALECTS)('placement design (%s)', (dialect) => {
  const config = testConfig();
  let testApp: TestApp;
  let mainId: string;
  let otherId: string;
  let admin: Headers;
  let readOnly: Headers;
  let otherAdmin: Headers;

  const get = (url: string, headers: Headers = {}) => testApp.app.inject({ method: 'GET', url, headers });
  const put = (headers: Headers, payload: unknown) =>
    testApp.app.inject({ method: 'PUT', url: '/api/placements', headers, payload: payload as object });
  const publicConfig = (merchantId: string, query = '') =>
    get(`/api/public/placements/${merchantId}${query}`);

  /** A product of one of the merchant's programs, enrolled from `from` to `to`, with these defaults. */
  async function enrolledProduct(
    merchantId: string,
    values: { TYPE: string; NUMPAYMENTS: string; RATE: string },
    period: { from: number; to: number | null },
  ): Promise<{ programId: string; productId: string }> {
    const { db } = testApp.database;
    const { program_id: programId } = await db
      .selectFrom('merchant_program_participations')
      .where('merchant_id', '=', merchantId)
      .select('program_id')
      .executeTakeFirstOrThrow();
    const productId = randomUUID();
    const now = new Date().toISOString();
    await db
      .insertInto('payment_products')
      .values({
        id: productId,
        program_id: programId,
        product_type: 'INSTALLMENTS',
        name: 'Test',
        created_at: now,
      })
      .execute();
    for (const [key, value] of Object.entries(values)) {
      await db
        .insertInto('payment_product_configurations')
        .values({
          id: randomUUID(),
          program_id: programId,
          payment_product_id: productId,
          config_key: key as 'TYPE' | 'NUMPAYMENTS' | 'RATE',
          config_value: value,
          owner_type: null,
          owner_id: null,
        })
        .execute();
    }
    await db
      .insertInto('payment_product_enrollments')
      .values({
        id: randomUUID(),
        merchant_id: merchantId,
        program_id: programId,
        payment_product_id: productId,
        effective_from: new Date(period.from).toISOString(),
        effective_to: period.to === null ? null : new Date(period.to).toISOString(),
        created_at: now,
        updated_at: now,
      })
      .execute();
    return { programId, productId };
  }

  beforeAll(async () => {
    testApp = await buildTestApp({ dialect, config });
    await seedDemoData(testApp.database.db, { size: 'small' });
    const { db } = testApp.database;
    mainId = await merchantIdByName(db, MAIN_MERCHANT);
    otherId = await merchantIdByName(db, MANY_PROGRAMS_MERCHANT);
    admin = await authHeader(testApp.database, config, { role: 'ADMIN', merchantId: mainId });
    readOnly = await authHeader(testApp.database, config, { role: 'READ_ONLY', merchantId: mainId });
    otherAdmin = await authHeader(testApp.database, config, { role: 'ADMIN', merchantId: otherId });

    // The main merchant's offers are exactly these: one ACTIVE plan, one LAPSED, one SCHEDULED.
    await db.deleteFrom('payment_product_enrollments').where('merchant_id', '=', mainId).execute();
    const now = Date.now();
    const active = await enrolledProduct(
      mainId,
      { TYPE: 'MONTHLY', NUMPAYMENTS: '24', RATE: '1299' },
      { from: now - 30 * DAY_MS, to: null },
    );
    // Its own negotiated rate beats the program's default; another merchant's value never counts.
    for (const [ownerId, value] of [
      [mainId, '799'],
      [otherId, '0'],
    ] as const) {
      await db
        .insertInto('payment_product_configurations')
        .values({
          id: randomUUID(),
          program_id: active.programId,
          payment_product_id: active.productId,
          config_key: 'RATE',
          config_value: value,
          owner_type: 'MERCHANT',
          owner_id: ownerId,
        })
        .execute();
    }
    // Both would offer a lower monthly figure than the active plan, were they counted.
    await enrolledProduct(
      mainId,
      { TYPE: 'MONTHLY', NUMPAYMENTS: '60', RATE: '0' },
      { from: now - 60 * DAY_MS, to: now - DAY_MS },
    );
    await enrolledProduct(
      mainId,
      { TYPE: 'MONTHLY', NUMPAYMENTS: '48', RATE: '0' },
      { from: now + DAY_MS, to: null },
    );
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('answers every page off before the merchant saves, to a user who may only read', async () => {
    const response = await get('/api/placements', readOnly);
    expect(response.statusCode).toBe(200);
    const { data } = settingsAnswer.parse(response.json());
    expect(data).toEqual({ placements: defaultPlacements('USD'), updatedAt: null });
  });

  it('refuses a save to a user without the edit scope, and a read without the view scope', async () => {
    expect((await put(readOnly, { placements: PRODUCT_ON })).statusCode).toBe(403);
    const noView = await authHeader(testApp.database, config, {
      role: 'ADMIN',
      merchantId: mainId,
      scopes: [SCOPES.settingsPageAccess, SCOPES.placementsEdit],
    });
    expect((await get('/api/placements', noView)).statusCode).toBe(403);
    expect((await put(noView, { placements: PRODUCT_ON })).statusCode).toBe(403);
    expect((await get('/api/placements/plans', noView)).statusCode).toBe(403);
    expect((await get('/api/placements')).statusCode).toBe(401);
  });

  it.each([
    [
      'a negative threshold',
      { ...PRODUCT_ON, cart: { ...PRODUCT_ON.cart, threshold: { currency: 'USD', value: -1 } } },
      'body.placements.cart.threshold.value',
    ],
    ['an unknown page type', { ...PRODUCT_ON, home: PRODUCT_ON.product }, 'body.placements.home'],
    [
      'an unknown theme',
      { ...PRODUCT_ON, product: { ...PRODUCT_ON.product, theme: 'neon' } },
      'body.placements.product.theme',
    ],
    [
      'a missing page type',
      { product: PRODUCT_ON.product, cart: PRODUCT_ON.cart, category: PRODUCT_ON.category },
      'body.placements.checkout',
    ],
  ])('refuses %s with its field', async (_case, placements, path) => {
    const response = await put(admin, { placements });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ error: { details: { path: string }[] } }>();
    expect(body.error.details.map((detail) => detail.path)).toContain(path);
  });

  it("refuses a threshold in another currency than the merchant's, as a code", async () => {
    const response = await put(admin, {
      placements: {
        ...PRODUCT_ON,
        category: { ...PRODUCT_ON.category, threshold: { currency: 'CAD', value: 0 } },
      },
    });
    expect(response.statusCode).toBe(422);
    const { error } = response.json<{
      error: { reason: string; details: { path: string; reason: string }[] };
    }>();
    expect(error.reason).toBe('placement.other_currency');
    expect(error.details).toEqual([
      expect.objectContaining({
        path: 'body.placements.category.threshold.currency',
        reason: 'placement.threshold_in_currency',
      }),
    ]);
  });

  it('saves, audited with the changed page before and after, and reads back', async () => {
    const response = await put(admin, { placements: PRODUCT_ON });
    expect(response.statusCode).toBe(200);
    expect(settingsAnswer.parse(response.json()).data.placements).toEqual(PRODUCT_ON);
    expect(settingsAnswer.parse((await get('/api/placements', readOnly)).json()).data.placements).toEqual(
      PRODUCT_ON,
    );
    const entry = await testApp.database.db
      .selectFrom('audit_entries')
      .where('merchant_id', '=', mainId)
      .where('kind', '=', 'placements.updated')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entry.before ?? 'null')).toEqual({ product: defaultPlacements('USD').product });
    expect(JSON.parse(entry.after ?? 'null')).toEqual({ product: PRODUCT_ON.product });
  });

  it("keeps each merchant's settings to itself", async () => {
    // The other merchant sees its own defaults, and its save never touches the main merchant's.
    const others = settingsAnswer.parse((await get('/api/placements', otherAdmin)).json()).data;
    expect(others.placements).toEqual(defaultPlacements('USD'));
    const otherSettings = { ...defaultPlacements('USD'), cart: { ...PRODUCT_ON.product } };
    expect((await put(otherAdmin, { placements: otherSettings })).statusCode).toBe(200);
    expect(settingsAnswer.parse((await get('/api/placements', admin)).json()).data.placements).toEqual(
      PRODUCT_ON,
    );
    // A merchant id in the body is not a field: the token's merchant is the only one changed.
    expect((await put(otherAdmin, { placements: otherSettings, merchantId: mainId })).statusCode).toBe(400);
  });

  it('gives the preview the plans of the ACTIVE enrollments only', async () => {
    const response = await get('/api/placements/plans', readOnly);
    expect(response.statusCode).toBe(200);
    expect(plansAnswer.parse(response.json()).data).toEqual({
      currency: 'USD',
      plans: [{ productType: 'INSTALLMENTS', frequency: 'MONTHLY', numPayments: 24, rateBps: 799 }],
    });
  });

  it('answers the public config without a token: published pages, the right offer, open to any site', async () => {
    const response = await publicConfig(mainId, '?amount=100000&page=product');
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(response.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    const config = publicPlacementConfigSchema.parse(response.json());
    expect(config).toEqual({
      merchantId: mainId,
      locale: 'en',
      currency: 'USD',
      placements: [
        { pageType: 'product', style: 'button', theme: 'dark', threshold: { currency: 'USD', value: 5_000 } },
      ],
      plans: [{ productType: 'INSTALLMENTS', frequency: 'MONTHLY', numPayments: 24, rateBps: 799 }],
      message: {
        text: 'As low as $45.22/month for 24 months at 7.99% APR',
        payment: { currency: 'USD', value: 4_522 },
        plan: { productType: 'INSTALLMENTS', frequency: 'MONTHLY', numPayments: 24, rateBps: 799 },
      },
    });
  });

  it("writes the message in the snippet's language, and none below the threshold or on a page turned off", async () => {
    const french = publicPlacementConfigSchema.parse(
      (await publicConfig(mainId, '?amount=100000&page=product&lang=fr-CA')).json(),
    );
    expect(french.message?.text).toBe(
      'À partir de 45,22\u00a0$\u00a0US/mois pendant 24 mois au taux annuel de 7,99\u00a0%',
    );
    const below = publicPlacementConfigSchema.parse(
      (await publicConfig(mainId, '?amount=4999&page=product')).json(),
    );
    expect(below.message).toBeNull();
    const off = publicPlacementConfigSchema.parse(
      (await publicConfig(mainId, '?amount=100000&page=cart')).json(),
    );
    expect(off.message).toBeNull();
  });

  it('answers 404 for an unknown merchant or one of another brand, 400 for an unknown page', async () => {
    expect((await publicConfig(randomUUID())).statusCode).toBe(404);
    const rbcId = await merchantIdByName(testApp.database.db, RBC_MERCHANT);
    expect((await publicConfig(rbcId)).statusCode).toBe(404);
    expect((await publicConfig(mainId, '?amount=100&page=home')).statusCode).toBe(400);
    expect((await publicConfig(mainId, '?amount=-5&page=product')).statusCode).toBe(400);
  });

  it('serves the script to any site, cacheable, writing text and never HTML', async () => {
    const response = await get('/api/public/placement.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expect(response.body).toContain('textContent');
    expect(response.body).not.toContain('innerHTML');
    expect(response.body.length).toBeLessThan(4_000);
  });

  it('cuts off a client that loops on the public script', async () => {
    const statuses = new Set<number>();
    // 600 a minute per client are served; the loop goes past that whatever the tests above used.
    for (let call = 0; call < 601; call += 1)
      statuses.add((await get('/api/public/placement.js')).statusCode);
    expect([...statuses].sort()).toEqual([200, 429]);
  });
});
