import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataResponseSchema, errorBodySchema } from '@portal/contracts/api';
import { MERCHANT_PORTAL_FLAG_TAG } from '@portal/contracts/enums';
import { merchantFeatureFlagsSchema } from '@portal/contracts/feature-flags';
import { LOCATIONS_PENDING_MERCHANT, MAIN_MERCHANT, RBC_MERCHANT } from '../../seed/demo-merchants.js';
import { seedDemoData } from '../../seed/seed.js';
import { buildTestApp } from '../../test/test-app.js';
import type { TestApp } from '../../test/test-app.js';
import { TEST_DIALECTS } from '../../test/test-database.js';
import { authHeader, merchantIdByName, testConfig } from '../../test/tokens.js';

const answer = dataResponseSchema(merchantFeatureFlagsSchema);
type Headers = Record<string, string>;

describe.each(TEST_DIALECTS)("a merchant's feature flag overrides (%s)", (dialect) => {
  const config = testConfig();
  let testApp: TestApp;
  let lakesideId: string;
  let mainId: string;
  let rbcId: string;
  let breadTenant: string;
  let staff: Headers;
  let support: Headers;

  const url = (merchantId: string) => `/api/merchant/${merchantId}/feature-flags`;
  const get = (merchantId: string, headers: Headers) =>
    testApp.app.inject({ method: 'GET', url: url(merchantId), headers });
  const patch = (merchantId: string, headers: Headers, payload: object) =>
    testApp.app.inject({ method: 'PATCH', url: url(merchantId), headers, payload });
  const flagsOf = async (merchantId: string, headers: Headers) =>
    answer.parse((await get(merchantId, headers)).json()).data.items;
  const bulk = (headers: Headers) =>
    testApp.app.inject({
      method: 'POST',
      url: `/api/featureflag/evaluation/bulk?tag=${MERCHANT_PORTAL_FLAG_TAG}`,
      headers,
      payload: { tenantId: breadTenant },
    });
  const auditOf = (merchantId: string, kind: string) =>
    testApp.database.db
      .selectFrom('audit_entries')
      .select(['subject_id', 'before', 'after', 'actor_email', 'actor_role'])
      .where('merchant_id', '=', merchantId)
      .where('kind', '=', kind)
      .orderBy('created_at')
      .execute();

  beforeAll(async () => {
    testApp = await buildTestApp({ dialect, config });
    const { db } = testApp.database;
    await seedDemoData(db, { size: 'small' });
    lakesideId = await merchantIdByName(db, LOCATIONS_PENDING_MERCHANT);
    mainId = await merchantIdByName(db, MAIN_MERCHANT);
    rbcId = await merchantIdByName(db, RBC_MERCHANT);
    breadTenant = (
      await db
        .selectFrom('merchants')
        .where('id', '=', lakesideId)
        .select('tenant_id')
        .executeTakeFirstOrThrow()
    ).tenant_id;
    staff = await authHeader(testApp.database, config, { role: 'INTERNAL_ADMIN', merchantId: lakesideId });
    support = await authHeader(testApp.database, config, {
      role: 'INTERNAL_SUPPORT',
      merchantId: lakesideId,
    });
  });

  afterAll(async () => {
    await testApp.close();
  });

  it("lists every live flag of the tenant with its default, the merchant's override and the value", async () => {
    const items = await flagsOf(lakesideId, support);
    expect(items).toEqual([
      {
        name: 'useAsyncSettlementExports',
        tag: 'merchant-portal-backend',
        tenantValue: 'false',
        override: null,
        value: 'false',
      },
      {
        name: 'isLocationPageEnabled',
        tag: MERCHANT_PORTAL_FLAG_TAG,
        tenantValue: 'true',
        override: 'false',
        value: 'false',
      },
      {
        name: 'isMerchantIdValidationPageEnabled',
        tag: MERCHANT_PORTAL_FLAG_TAG,
        tenantValue: 'true',
        override: null,
        value: 'true',
      },
    ]);
  });

  it('sets an override on, the evaluation answers it, and clearing it goes back to the tenant default', async () => {
    const merchantUser = await authHeader(testApp.database, config, {
      role: 'ADMIN',
      merchantId: lakesideId,
    });
    expect((await bulk(merchantUser)).json()).toMatchObject({ isLocationPageEnabled: { result: 'false' } });

    const turnedOn = await patch(lakesideId, staff, { isLocationPageEnabled: 'true' });
    expect(turnedOn.statusCode).toBe(200);
    expect(answer.parse(turnedOn.json()).data.items).toContainEqual(
      expect.objectContaining({ name: 'isLocationPageEnabled', override: 'true', value: 'true' }),
    );
    expect((await bulk(merchantUser)).json()).toMatchObject({ isLocationPageEnabled: { result: 'true' } });

    const off = await patch(lakesideId, staff, {
      isLocationPageEnabled: null,
      isMerchantIdValidationPageEnabled: 'false',
    });
    expect(off.statusCode).toBe(200);
    const items = answer.parse(off.json()).data.items;
    expect(items).toContainEqual(
      expect.objectContaining({ name: 'isLocationPageEnabled', override: null, value: 'true' }),
    );
    expect(items).toContainEqual(
      expect.objectContaining({
        name: 'isMerchantIdValidationPageEnabled',
        override: 'false',
        value: 'false',
      }),
    );
    expect((await bulk(merchantUser)).json()).toEqual({
      isLocationPageEnabled: { result: 'true' },
      isMerchantIdValidationPageEnabled: { result: 'false' },
    });
    // Another merchant of the tenant keeps its own values.
    expect(
      (
        await flagsOf(
          mainId,
          await authHeader(testApp.database, config, { role: 'INTERNAL_SUPPORT', merchantId: mainId }),
        )
      ).every((flag) => flag.override === null),
    ).toBe(true);
  });

  it('audits each changed override with who, before and after, and nothing for an unchanged one', async () => {
    const before = (await auditOf(lakesideId, 'feature_flag.overridden')).length;
    await patch(lakesideId, staff, { useAsyncSettlementExports: 'true' });
    await patch(lakesideId, staff, { useAsyncSettlementExports: 'true' });
    const entries = await auditOf(lakesideId, 'feature_flag.overridden');
    expect(entries).toHaveLength(before + 1);
    const last = entries.at(-1);
    expect(last?.subject_id).toBe('useAsyncSettlementExports');
    expect(last?.actor_role).toBe('INTERNAL_ADMIN');
    expect(JSON.parse(last?.before ?? 'null')).toEqual({ override: null, value: 'false' });
    expect(JSON.parse(last?.after ?? 'null')).toEqual({ override: 'true', value: 'true' });
  });

  it('refuses an unknown or foreign flag (422, nothing changed) and a bad value or empty change (400)', async () => {
    const before = await flagsOf(lakesideId, support);
    const unknown = await patch(lakesideId, staff, { isLocationPageEnabled: 'false', noSuchFlag: 'true' });
    expect(unknown.statusCode).toBe(422);
    const { error } = errorBodySchema.parse(unknown.json());
    expect(error).toMatchObject({ reason: 'feature_flag.unknown', details: [{ path: 'body.noSuchFlag' }] });
    expect(await flagsOf(lakesideId, support)).toEqual(before);

    for (const body of [
      {},
      { isLocationPageEnabled: 'TRUE' },
      { isLocationPageEnabled: true },
      { 'bad name!': 'true' },
    ]) {
      const response = await patch(lakesideId, staff, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('refuses without a token, without the view scope, editing with the view scope only, and for another merchant', async () => {
    expect((await get(lakesideId, {})).statusCode).toBe(401);
    expect((await patch(lakesideId, {}, { isLocationPageEnabled: 'true' })).statusCode).toBe(401);
    for (const role of ['ADMIN', 'USER', 'READ_ONLY'] as const) {
      const merchantUser = await authHeader(testApp.database, config, { role, merchantId: lakesideId });
      expect((await get(lakesideId, merchantUser)).statusCode, role).toBe(403);
      expect(
        (await patch(lakesideId, merchantUser, { isLocationPageEnabled: 'true' })).statusCode,
        role,
      ).toBe(403);
    }
    const viewOnly = await patch(lakesideId, support, { isLocationPageEnabled: 'true' });
    expect(viewOnly.statusCode).toBe(403);
    expect(viewOnly.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });

    // The token's merchant is the only one: another's flags, of this tenant or another, are refused.
    expect((await get(mainId, staff)).statusCode).toBe(403);
    expect((await patch(mainId, staff, { isLocationPageEnabled: 'false' })).statusCode).toBe(403);
    expect((await get(rbcId, staff)).statusCode).toBe(403);
    const unchosen = await authHeader(testApp.database, config, { role: 'INTERNAL_ADMIN' });
    expect((await get(lakesideId, unchosen)).statusCode).toBe(403);
    expect((await patch(lakesideId, unchosen, { isLocationPageEnabled: 'true' })).statusCode).toBe(403);
  });
});
