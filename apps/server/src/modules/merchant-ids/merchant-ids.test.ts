import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataResponseSchema } from '@portal/contracts/api';
import {
  issuedVirtualCardSchema,
  merchantIdOverviewSchema,
  merchantIdSchema,
  passesLuhn,
} from '@portal/contracts/merchant-ids';
import { ROLE_SCOPES } from '@portal/contracts/roles';
import { SCOPES } from '@portal/contracts/scopes';
import { MAIN_MERCHANT, MANY_PROGRAMS_MERCHANT } from '../../seed/demo-merchants.js';
import { seedDemoData } from '../../seed/seed.js';
import { buildTestApp, jsonRequest, type TestApp } from '../../test/test-app.js';
import { TEST_DIALECTS } from '../../test/test-database.js';
import { authHeader, merchantIdByName, testConfig } from '../../test/tokens.js';

const overview = dataResponseSchema(merchantIdOverviewSchema);
const one = dataResponseSchema(merchantIdSchema);
const issued = dataResponseSchema(issuedVirtualCardSchema);
const LAKESIDE = 'Lakeside Furniture Co.';
type Headers = Record<string, string>;

describe.each(TEST_DIALECTS)('merchant ID validation and the virtual card (%s)', (dialect) => {
  const config = testConfig();
  let testApp: TestApp;
  let mainId: string;
  let admin: Headers;
  let staff: Headers;
  let location: string;

  const call = (method: 'GET' | 'POST', url: string, headers: Headers, payload?: object) =>
    testApp.app.inject({ method, url, ...jsonRequest(headers, payload) });
  const register = (acquirerMerchantId: string, headers = admin) =>
    call('POST', '/api/merchant-ids', headers, { locationId: location, acquirerMerchantId });
  const reason = (response: { json: () => unknown }) =>
    (response.json() as { error: { reason?: string } }).error.reason;
  /** The merchant's own value of the page's flag (the seed turns it off for this merchant). */
  const setFlagOf = async (merchantId: string, value: 'true' | 'false') => {
    const flag = await testApp.database.db
      .selectFrom('feature_flags')
      .innerJoin('merchants', 'merchants.tenant_id', 'feature_flags.tenant_id')
      .select('feature_flags.id')
      .where('merchants.id', '=', merchantId)
      .where('feature_flags.name', '=', 'isMerchantIdValidationPageEnabled')
      .executeTakeFirstOrThrow();
    await testApp.database.db
      .updateTable('feature_flag_overrides')
      .set({ value })
      .where('flag_id', '=', flag.id)
      .where('merchant_id', '=', merchantId)
      .execute();
  };

  beforeAll(async () => {
    testApp = await buildTestApp({ dialect, config });
    await seedDemoData(testApp.database.db, { size: 'small' });
    mainId = await merchantIdByName(testApp.database.db, MAIN_MERCHANT);
    admin = await authHeader(testApp.database, config, { role: 'ADMIN' });
    staff = await authHeader(testApp.database, config, { role: 'INTERNAL_ADMIN', merchantId: mainId });
    const row = await testApp.database.db
      .selectFrom('locations')
      .select('id')
      .where('merchant_id', '=', mainId)
      .where('status', '=', 'ACTIVE')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    location = row.id;
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('lists the seeded ids with every status, and no card yet', async () => {
    const response = await call('GET', '/api/merchant-ids', admin);
    expect(response.statusCode).toBe(200);
    const { data } = overview.parse(response.json());
    expect(new Set(data.items.map((item) => item.status))).toEqual(
      new Set(['PENDING', 'VALIDATED', 'FAILED']),
    );
    expect(data.items.find((item) => item.status === 'FAILED')?.failure).toBe('CHECK_DIGIT');
    expect(data.virtualCard).toBeNull();
  });

  it('registers an id PENDING, upper-cased, and refuses a bad format or a duplicate', async () => {
    const created = await register('ab 12cd 34');
    expect(created.statusCode, created.body).toBe(201);
    const { data } = one.parse(created.json());
    expect(data).toMatchObject({ acquirerMerchantId: 'AB12CD34', status: 'PENDING', failure: null });
    const duplicate = await register('AB12CD34');
    expect(duplicate.statusCode).toBe(409);
    expect(reason(duplicate)).toBe('merchant_id.duplicate');
    for (const bad of ['', 'ABC-123', '1234567890123456', 'ÉCOLE1']) {
      const refused = await register(bad);
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json()).toMatchObject({ error: { details: [{ path: 'body.acquirerMerchantId' }] } });
    }
    const audit = await testApp.database.db
      .selectFrom('audit_entries')
      .select('kind')
      .where('subject_id', '=', data.id)
      .execute();
    expect(audit.map((entry) => entry.kind)).toEqual(['merchant_id.registered']);
  });

  it("runs the provider's rule: a Luhn check digit, and an id another merchant registered first", async () => {
    const good = one.parse((await register('79927398713')).json()).data;
    const bad = one.parse((await register('79927398710')).json()).data;
    expect(passesLuhn('79927398713')).toBe(true);
    const validated = await call('POST', `/api/merchant-ids/${good.id}/validate`, staff);
    expect(validated.statusCode, validated.body).toBe(200);
    expect(one.parse(validated.json()).data).toMatchObject({ status: 'VALIDATED', failure: null });
    const failed = one.parse((await call('POST', `/api/merchant-ids/${bad.id}/validate`, staff)).json()).data;
    expect(failed).toMatchObject({ status: 'FAILED', failure: 'CHECK_DIGIT' });
    expect(failed.validatedByEmail).not.toBeNull();

    const harborId = await merchantIdByName(testApp.database.db, MANY_PROGRAMS_MERCHANT);
    const harborLocation = await testApp.database.db
      .selectFrom('locations')
      .select('id')
      .where('merchant_id', '=', harborId)
      .executeTakeFirstOrThrow();
    const harborStaff = await authHeader(testApp.database, config, {
      role: 'INTERNAL_ADMIN',
      merchantId: harborId,
    });
    // The flag is off for that merchant: its page is refused, so its own ids go straight to the table.
    await testApp.database.db
      .insertInto('acquirer_merchant_ids')
      .values({
        id: '11111111-1111-4111-8111-111111111111',
        merchant_id: harborId,
        location_id: harborLocation.id,
        acquirer_merchant_id: 'SHARED01',
        status: 'PENDING',
        failure: null,
        created_at: new Date(Date.now() + 60_000).toISOString(),
        created_by_email: 'late@harbor.example',
        validated_at: null,
        validated_by_email: null,
      })
      .execute();
    const first = one.parse((await register('SHARED01')).json()).data;
    expect(
      one.parse((await call('POST', `/api/merchant-ids/${first.id}/validate`, staff)).json()).data.status,
    ).toBe('VALIDATED');
    const refused = await call(
      'POST',
      '/api/merchant-ids/11111111-1111-4111-8111-111111111111/validate',
      harborStaff,
    );
    expect(refused.statusCode).toBe(403);
    expect(reason(refused)).toBe('page.flag_off');
    await setFlagOf(harborId, 'true');
    const late = await call(
      'POST',
      '/api/merchant-ids/11111111-1111-4111-8111-111111111111/validate',
      harborStaff,
    );
    expect(one.parse(late.json()).data).toMatchObject({ status: 'FAILED', failure: 'REGISTERED_ELSEWHERE' });
    await setFlagOf(harborId, 'false');
  });

  it('only provider staff with the internal edit scope run the rule', async () => {
    const target = one.parse((await register('RULE42')).json()).data;
    const support = await authHeader(testApp.database, config, {
      role: 'INTERNAL_SUPPORT',
      merchantId: mainId,
    });
    for (const headers of [admin, support]) {
      expect((await call('POST', `/api/merchant-ids/${target.id}/validate`, headers)).statusCode).toBe(403);
    }
    expect((await register('SUPPORT1', support)).statusCode).toBe(403);
  });

  it('creates the virtual card once: a Luhn-valid test number shown in full this once, masked after', async () => {
    const withoutIssuance = await authHeader(testApp.database, config, {
      role: 'ADMIN',
      scopes: ROLE_SCOPES.ADMIN.filter((scope) => scope !== SCOPES.virtualCardIssuance),
    });
    expect((await call('POST', '/api/virtual-card', withoutIssuance)).statusCode).toBe(403);
    const created = await call('POST', '/api/virtual-card', admin);
    expect(created.statusCode, created.body).toBe(201);
    const { data } = issued.parse(created.json());
    expect(data.number).toMatch(/^400000\d{10}$/);
    expect(passesLuhn(data.number)).toBe(true);
    expect(data.card.maskedNumber).toBe(`•••• •••• •••• ${data.number.slice(-4)}`);
    const again = await call('POST', '/api/virtual-card', admin);
    expect(again.statusCode).toBe(409);
    expect(reason(again)).toBe('virtual_card.exists');
    const list = await call('GET', '/api/merchant-ids', admin);
    expect(list.body).not.toContain(data.number);
    expect(overview.parse(list.json()).data.virtualCard?.maskedNumber).toBe(data.card.maskedNumber);
    const stored = await testApp.database.db.selectFrom('virtual_cards').selectAll().execute();
    const audit = await testApp.database.db.selectFrom('audit_entries').select(['before', 'after']).execute();
    expect(JSON.stringify([stored, audit])).not.toContain(data.number);
  });

  it('refuses every call without the page scope, the program, or the flag (on for one merchant, off for another)', async () => {
    const withoutPage = await authHeader(testApp.database, config, {
      role: 'ADMIN',
      scopes: ROLE_SCOPES.ADMIN.filter((scope) => scope !== SCOPES.merchantIdValidation),
    });
    const harborId = await merchantIdByName(testApp.database.db, MANY_PROGRAMS_MERCHANT);
    const harbor = await authHeader(testApp.database, config, { role: 'ADMIN', merchantId: harborId });
    const lakesideId = await merchantIdByName(testApp.database.db, LAKESIDE);
    const lakeside = await authHeader(testApp.database, config, { role: 'ADMIN', merchantId: lakesideId });
    const readOnly = await authHeader(testApp.database, config, { role: 'READ_ONLY' });
    for (const headers of [withoutPage, harbor, lakeside, readOnly]) {
      expect((await call('GET', '/api/merchant-ids', headers)).statusCode).toBe(403);
      expect((await call('POST', '/api/virtual-card', headers)).statusCode).toBe(403);
      expect((await register('REFUSED1', headers)).statusCode).toBe(403);
    }
    expect(reason(await call('GET', '/api/merchant-ids', harbor))).toBe('page.flag_off');
    expect(reason(await call('GET', '/api/merchant-ids', lakeside))).toBe('page.program_required');
    // Turned on for that merchant, the page opens.
    await setFlagOf(harborId, 'true');
    expect((await call('GET', '/api/merchant-ids', harbor)).statusCode).toBe(200);
  });
});
