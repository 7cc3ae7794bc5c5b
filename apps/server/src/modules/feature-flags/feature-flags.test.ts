import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@portal/contracts/api';
import { MERCHANT_PORTAL_FLAG_TAG } from '@portal/contracts/enums';
import { TAG_NAME_REQUIRED_MESSAGE } from '@portal/contracts/feature-flags';
import { MAIN_MERCHANT, MANY_PROGRAMS_MERCHANT, RBC_MERCHANT } from '../../seed/demo-merchants.js';
import { seedDemoData } from '../../seed/seed.js';
import { buildTestApp } from '../../test/test-app.js';
import type { TestApp } from '../../test/test-app.js';
import { TEST_DIALECTS } from '../../test/test-database.js';
import { authHeader, merchantIdByName, testConfig } from '../../test/tokens.js';

type Headers = Record<string, string>;

describe.each(TEST_DIALECTS)('feature flag evaluation (%s)', (dialect) => {
  const config = testConfig();
  let testApp: TestApp;
  let breadTenant: string;
  let rbcTenant: string;
  let rbcId: string;
  let main: Headers;
  let many: Headers;
  let rbc: Headers;

  const evaluate = (flag: string, headers: Headers, payload: object = { tenantId: breadTenant }) =>
    testApp.app.inject({ method: 'POST', url: `/api/featureflag/evaluation/flag/${flag}`, headers, payload });
  const bulk = (query: string, headers: Headers, payload: object = { tenantId: breadTenant }) =>
    testApp.app.inject({ method: 'POST', url: `/api/featureflag/evaluation/bulk${query}`, headers, payload });
  const portalTag = `?tag=${MERCHANT_PORTAL_FLAG_TAG}`;

  const addFlag = async (tenantId: string, name: string, value: string, archived = false) => {
    const now = new Date().toISOString();
    const id = randomUUID();
    await testApp.database.db
      .insertInto('feature_flags')
      .values({
        id,
        tenant_id: tenantId,
        name,
        tag: MERCHANT_PORTAL_FLAG_TAG,
        value,
        created_at: now,
        updated_at: now,
        archived_at: archived ? now : null,
      })
      .execute();
    return id;
  };

  beforeAll(async () => {
    testApp = await buildTestApp({ dialect, config });
    const { db } = testApp.database;
    await seedDemoData(db, { size: 'small' });
    const tenantOf = async (name: string) =>
      (
        await db
          .selectFrom('merchants')
          .where('name', '=', name)
          .select('tenant_id')
          .executeTakeFirstOrThrow()
      ).tenant_id;
    breadTenant = await tenantOf(MAIN_MERCHANT);
    rbcTenant = await tenantOf(RBC_MERCHANT);
    rbcId = await merchantIdByName(db, RBC_MERCHANT);
    main = await authHeader(testApp.database, config, { role: 'READ_ONLY' });
    many = await authHeader(testApp.database, config, {
      role: 'ADMIN',
      merchantId: await merchantIdByName(db, MANY_PROGRAMS_MERCHANT),
    });
    rbc = await authHeader(testApp.database, config, { role: 'ADMIN', merchantId: rbcId });
  });

  afterAll(async () => {
    await testApp.close();
  });

  describe('one flag', () => {
    it('answers 200 with the result when the flag is on', async () => {
      const response = await evaluate('isLocationPageEnabled', main);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ result: 'true' });
    });

    it('answers 204 without a body when the flag is disabled', async () => {
      const response = await evaluate('useAsyncSettlementExports', main);
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
    });

    it("lets the merchant's own value win over the tenant's, both ways", async () => {
      expect((await evaluate('isMerchantIdValidationPageEnabled', main)).statusCode).toBe(200);
      expect((await evaluate('isMerchantIdValidationPageEnabled', many)).statusCode).toBe(204);

      expect((await evaluate('isLocationPageEnabled', rbc, { tenantId: rbcTenant })).statusCode).toBe(204);
      const flag = await testApp.database.db
        .selectFrom('feature_flags')
        .where('tenant_id', '=', rbcTenant)
        .where('name', '=', 'isLocationPageEnabled')
        .select('id')
        .executeTakeFirstOrThrow();
      const now = new Date().toISOString();
      await testApp.database.db
        .insertInto('feature_flag_overrides')
        .values({
          id: randomUUID(),
          flag_id: flag.id,
          merchant_id: rbcId,
          value: 'true',
          created_at: now,
          updated_at: now,
        })
        .execute();
      const response = await evaluate('isLocationPageEnabled', rbc, { tenantId: rbcTenant });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ result: 'true' });
    });

    it("answers 404 for an unknown flag, including another tenant's", async () => {
      expect((await evaluate('noSuchFlag', main)).statusCode).toBe(404);
      await addFlag(rbcTenant, 'rbcOnlyFlag', 'true');
      expect((await evaluate('rbcOnlyFlag', rbc, { tenantId: rbcTenant })).statusCode).toBe(200);
      expect((await evaluate('rbcOnlyFlag', main)).statusCode).toBe(404);
    });

    it('answers 410 for an archived flag', async () => {
      await addFlag(breadTenant, 'retiredFlag', 'true', true);
      const response = await evaluate('retiredFlag', main);
      expect(response.statusCode).toBe(410);
      const { error } = errorBodySchema.parse(response.json());
      expect(error.code).toBe('GONE');
      expect(error.message).toContain('archived');
    });

    it("answers 400 for a bad body and for a tenant that is not the caller's", async () => {
      for (const payload of [{}, { tenantId: '' }, { tenantId: breadTenant, extra: 1 }, { tenantId: 5 }]) {
        const response = await evaluate('isLocationPageEnabled', main, payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      }
      const foreign = await evaluate('isLocationPageEnabled', main, { tenantId: rbcTenant });
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json()).toMatchObject({ error: { details: [{ path: 'body.tenantId' }] } });
      expect((await evaluate('bad name!', main)).statusCode).toBe(400);
    });

    it("evaluates for provider staff in the chosen merchant's tenant, and refuses them before a choice", async () => {
      const chosen = await authHeader(testApp.database, config, {
        role: 'INTERNAL_SUPPORT',
        merchantId: rbcId,
      });
      expect(
        (await evaluate('isMerchantIdValidationPageEnabled', chosen, { tenantId: rbcTenant })).statusCode,
      ).toBe(200);
      expect((await evaluate('isMerchantIdValidationPageEnabled', chosen)).statusCode).toBe(400);
      const unchosen = await authHeader(testApp.database, config, { role: 'INTERNAL_ADMIN' });
      expect((await evaluate('isLocationPageEnabled', unchosen)).statusCode).toBe(400);
    });
  });

  describe('bulk', () => {
    it("answers every live flag of the tag with the merchant's values", async () => {
      await addFlag(breadTenant, 'archivedInBulk', 'true', true);
      const response = await bulk(portalTag, main);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        isLocationPageEnabled: { result: 'true' },
        isMerchantIdValidationPageEnabled: { result: 'true' },
      });
      expect((await bulk(portalTag, many)).json()).toEqual({
        isLocationPageEnabled: { result: 'true' },
        isMerchantIdValidationPageEnabled: { result: 'false' },
      });
      expect((await bulk('?tag=merchant-portal-backend', main)).json()).toEqual({
        useAsyncSettlementExports: { result: 'false' },
      });
      expect((await bulk('?tag=unknown', main)).json()).toEqual({});
    });

    it("refuses a missing tag with 'Tag name is required'", async () => {
      for (const query of ['', '?tag=', '?tag=%20']) {
        const response = await bulk(query, main);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ error: { message: TAG_NAME_REQUIRED_MESSAGE } });
      }
      expect(TAG_NAME_REQUIRED_MESSAGE).toBe('Tag name is required');
    });

    it("refuses a bad body and another tenant's id", async () => {
      expect((await bulk(portalTag, main, {})).statusCode).toBe(400);
      expect((await bulk(portalTag, main, { tenantId: rbcTenant })).statusCode).toBe(400);
    });
  });

  it('needs a token (401) but no scope', async () => {
    expect((await evaluate('isLocationPageEnabled', {})).statusCode).toBe(401);
    expect((await bulk(portalTag, {})).statusCode).toBe(401);
    const bare = await authHeader(testApp.database, config, { role: 'READ_ONLY', scopes: [] });
    expect((await evaluate('isLocationPageEnabled', bare)).statusCode).toBe(200);
    expect((await bulk(portalTag, bare)).statusCode).toBe(200);
  });
});
