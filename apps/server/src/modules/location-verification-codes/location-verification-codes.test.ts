import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataResponseSchema } from '@portal/contracts/api';
import {
  generatedCodeSchema,
  locationCodeListSchema,
  VERIFICATION_CODE_LIFETIME_MS,
} from '@portal/contracts/location-verification-codes';
import { ROLE_SCOPES } from '@portal/contracts/roles';
import { SCOPES } from '@portal/contracts/scopes';
import { MAIN_MERCHANT, MANY_PROGRAMS_MERCHANT } from '../../seed/demo-merchants.js';
import { seedDemoData } from '../../seed/seed.js';
import { buildTestApp, jsonRequest, type TestApp } from '../../test/test-app.js';
import { TEST_DIALECTS } from '../../test/test-database.js';
import { authHeader, merchantIdByName, testConfig } from '../../test/tokens.js';
import { SYSTEM_AUDIT_CONTEXT } from '../audit/record-audit.js';
import { checkVerificationCode, generateLocationCode } from './service.js';

const generated = dataResponseSchema(generatedCodeSchema);
const listed = dataResponseSchema(locationCodeListSchema);
const LAKESIDE = 'Lakeside Furniture Co.';
type Headers = Record<string, string>;

describe.each(TEST_DIALECTS)('location verification codes (%s)', (dialect) => {
  const config = testConfig();
  let testApp: TestApp;
  let mainId: string;
  let admin: Headers;
  let locations: string[];

  const call = (method: 'GET' | 'POST', url: string, headers: Headers, payload?: object) =>
    testApp.app.inject({ method, url, ...jsonRequest(headers, payload) });
  const generate = async (locationId: string, headers = admin) => {
    const response = await call('POST', `/api/location-verification-codes/${locationId}/generate`, headers);
    expect(response.statusCode, response.body).toBe(201);
    return generated.parse(response.json()).data;
  };
  const check = (locationId: string, code: string) =>
    call('POST', '/api/location-verification-codes/check', {}, { locationId, code });
  const reason = (response: { json: () => unknown }) =>
    (response.json() as { error: { reason?: string } }).error.reason;

  beforeAll(async () => {
    testApp = await buildTestApp({ dialect, config });
    await seedDemoData(testApp.database.db, { size: 'small' });
    mainId = await merchantIdByName(testApp.database.db, MAIN_MERCHANT);
    admin = await authHeader(testApp.database, config, { role: 'ADMIN' });
    const rows = await testApp.database.db
      .selectFrom('locations')
      .select('id')
      .where('merchant_id', '=', mainId)
      .where('status', '=', 'ACTIVE')
      .orderBy('id')
      .execute();
    locations = rows.map((row) => row.id);
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('shows a six-digit code once, stores only its keyed hash, and lists it without its digits', async () => {
    const location = locations[0] ?? '';
    const { code, location: shown } = await generate(location);
    expect(code).toMatch(/^\d{6}$/);
    expect(shown.code?.status).toBe('ACTIVE');
    const lifetime = (shown.code?.expiresAt.getTime() ?? 0) - (shown.code?.createdAt.getTime() ?? 0);
    expect(lifetime).toBe(VERIFICATION_CODE_LIFETIME_MS);
    const row = await testApp.database.db
      .selectFrom('location_verification_codes')
      .selectAll()
      .where('location_id', '=', location)
      .executeTakeFirstOrThrow();
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(code);
    const list = await call('GET', '/api/location-verification-codes', admin);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(code);
    const item = listed.parse(list.json()).data.items.find((entry) => entry.locationId === location);
    expect(item?.code?.status).toBe('ACTIVE');
    const audit = await testApp.database.db
      .selectFrom('audit_entries')
      .select(['kind', 'before', 'after'])
      .where('subject_id', '=', location)
      .execute();
    expect(audit.map((entry) => entry.kind)).toEqual(['verification_code.generated']);
    expect(JSON.stringify(audit)).not.toContain(code);
  });

  it('accepts the active code at the public check; regenerate replaces it, revoke ends it', async () => {
    const location = locations[1] ?? '';
    const first = await generate(location);
    expect((await check(location, first.code)).json()).toEqual({ data: { valid: true } });
    const second = await generate(location);
    expect(second.location.code?.status).toBe('ACTIVE');
    if (second.code !== first.code) {
      expect((await check(location, first.code)).json()).toEqual({ data: { valid: false } });
    }
    expect((await check(location, second.code)).json()).toEqual({ data: { valid: true } });
    const revoked = await call('POST', `/api/location-verification-codes/${location}/revoke`, admin);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((await check(location, second.code)).json()).toEqual({ data: { valid: false } });
    const again = await call('POST', `/api/location-verification-codes/${location}/revoke`, admin);
    expect(again.statusCode).toBe(409);
    expect(reason(again)).toBe('verification_code.none_active');
  });

  it('refuses an expired code', async () => {
    const location = locations[2] ?? '';
    const past = new Date(Date.now() - VERIFICATION_CODE_LIFETIME_MS - 60_000);
    const old = await generateLocationCode(testApp.database.db, SYSTEM_AUDIT_CONTEXT, mainId, location, past);
    expect(await checkVerificationCode(testApp.database.db, location, old.code)).toEqual({ valid: false });
    const list = listed.parse((await call('GET', '/api/location-verification-codes', admin)).json());
    expect(list.data.items.find((item) => item.locationId === location)?.code?.status).toBe('EXPIRED');
  });

  it("keeps every active code of a merchant unique, also against the database's own index", async () => {
    const codes = new Set<string>();
    for (const location of locations) codes.add((await generate(location)).code);
    expect(codes.size).toBe(locations.length);
    const active = await testApp.database.db
      .selectFrom('location_verification_codes')
      .select('code_hash')
      .where('merchant_id', '=', mainId)
      .where('status', '=', 'ACTIVE')
      .execute();
    expect(new Set(active.map((row) => row.code_hash)).size).toBe(active.length);
    const [one, other] = await testApp.database.db
      .selectFrom('location_verification_codes')
      .selectAll()
      .where('merchant_id', '=', mainId)
      .where('status', '=', 'ACTIVE')
      .limit(2)
      .execute();
    if (one === undefined || other === undefined) throw new Error('Two active codes expected');
    await expect(
      testApp.database.db
        .updateTable('location_verification_codes')
        .set({ code_hash: one.code_hash })
        .where('id', '=', other.id)
        .execute(),
    ).rejects.toThrow();
  });

  it('locks a location after 5 attempts in 15 minutes, even for the right code, and never another location', async () => {
    const location = locations[3] ?? '';
    const { code } = await generate(location);
    const wrong = code === '000000' ? '000001' : '000000';
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const response = await check(location, wrong);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ data: { valid: false } });
    }
    const locked = await check(location, code);
    expect(locked.statusCode).toBe(429);
    expect(reason(locked)).toBe('verification_code.locked');
    // The count is the database's: a call that skips this app's HTTP layer, as another instance's would, is locked too.
    const now = new Date();
    await expect(checkVerificationCode(testApp.database.db, location, code, now)).rejects.toMatchObject({
      status: 429,
    });
    const other = locations[4] ?? '';
    const otherCode = (await generate(other)).code;
    expect((await check(other, otherCode)).json()).toEqual({ data: { valid: true } });
    // After the window the location may try again.
    const later = new Date(now.getTime() + 15 * 60_000 + 1_000);
    expect(await checkVerificationCode(testApp.database.db, location, code, later)).toEqual({ valid: true });
  });

  it('allows at most 20 attempts a day per location: 1 in 50,000 for a code that lives a day', async () => {
    const location = locations[5] ?? locations[0] ?? '';
    const start = Date.now();
    let refusedAt = 0;
    for (let attempt = 1; attempt <= 25 && refusedAt === 0; attempt += 1) {
      // Four attempts per quarter hour: the quarter-hour window never locks, the day does.
      const at = new Date(start + Math.floor((attempt - 1) / 4) * 16 * 60_000);
      try {
        await checkVerificationCode(testApp.database.db, location, '999999', at);
      } catch {
        refusedAt = attempt;
      }
    }
    expect(refusedAt).toBe(21);
  });

  it('refuses the routes without the scopes: r:org.code to read, u:merchant.settings to change', async () => {
    const location = locations[0] ?? '';
    const withoutRead = await authHeader(testApp.database, config, {
      role: 'ADMIN',
      scopes: ROLE_SCOPES.ADMIN.filter((scope) => scope !== SCOPES.locationVerificationCodes),
    });
    expect((await call('GET', '/api/location-verification-codes', withoutRead)).statusCode).toBe(403);
    const withoutSettings = await authHeader(testApp.database, config, {
      role: 'ADMIN',
      scopes: ROLE_SCOPES.ADMIN.filter((scope) => scope !== SCOPES.settingsPageAccess),
    });
    expect((await call('GET', '/api/location-verification-codes', withoutSettings)).statusCode).toBe(403);
    const support = await authHeader(testApp.database, config, {
      role: 'INTERNAL_SUPPORT',
      merchantId: mainId,
    });
    expect((await call('GET', '/api/location-verification-codes', support)).statusCode).toBe(200);
    for (const action of ['generate', 'revoke']) {
      const url = `/api/location-verification-codes/${location}/${action}`;
      expect((await call('POST', url, support)).statusCode).toBe(403);
      expect((await call('POST', url, withoutRead)).statusCode).toBe(403);
    }
    const readOnly = await authHeader(testApp.database, config, { role: 'READ_ONLY' });
    expect((await call('GET', '/api/location-verification-codes', readOnly)).statusCode).toBe(403);
  });

  it('needs an in-store virtual-card program: on for one merchant, refused for another', async () => {
    const lakesideId = await merchantIdByName(testApp.database.db, LAKESIDE);
    const lakeside = await authHeader(testApp.database, config, { role: 'ADMIN', merchantId: lakesideId });
    const refusedList = await call('GET', '/api/location-verification-codes', lakeside);
    expect(refusedList.statusCode).toBe(403);
    expect(reason(refusedList)).toBe('page.program_required');
    const lakesideLocation = await testApp.database.db
      .selectFrom('locations')
      .select('id')
      .where('merchant_id', '=', lakesideId)
      .executeTakeFirstOrThrow();
    const refusedGenerate = await call(
      'POST',
      `/api/location-verification-codes/${lakesideLocation.id}/generate`,
      lakeside,
    );
    expect(refusedGenerate.statusCode).toBe(403);
    // The flag of the other page is off for this merchant; this page has no flag and stays open.
    const harborId = await merchantIdByName(testApp.database.db, MANY_PROGRAMS_MERCHANT);
    const harbor = await authHeader(testApp.database, config, { role: 'ADMIN', merchantId: harborId });
    expect((await call('GET', '/api/location-verification-codes', harbor)).statusCode).toBe(200);
  });

  it("answers 404 for another merchant's location and for an unknown one", async () => {
    const harborId = await merchantIdByName(testApp.database.db, MANY_PROGRAMS_MERCHANT);
    const harbor = await authHeader(testApp.database, config, { role: 'ADMIN', merchantId: harborId });
    const response = await call(
      'POST',
      `/api/location-verification-codes/${locations[0] ?? ''}/generate`,
      harbor,
    );
    expect(response.statusCode).toBe(404);
    expect(reason(response)).toBe('location.not_found');
    const unknown = await check('00000000-0000-4000-8000-000000000000', '123456');
    expect(unknown.json()).toEqual({ data: { valid: false } });
  });
});
