import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataResponseSchema, errorBodySchema } from '@portal/contracts/api';
import { fundingConfigurationSchema } from '@portal/contracts/funding';
import { MAIN_MERCHANT, MANY_PROGRAMS_MERCHANT } from '../../seed/demo-merchants.js';
import { seedDemoData } from '../../seed/seed.js';
import { buildTestApp } from '../../test/test-app.js';
import type { TestApp } from '../../test/test-app.js';
import { TEST_DIALECTS } from '../../test/test-database.js';
import { authHeader, merchantIdByName, testConfig } from '../../test/tokens.js';

const answer = dataResponseSchema(fundingConfigurationSchema);
type Headers = Record<string, string>;

describe.each(TEST_DIALECTS)('funding configuration (%s)', (dialect) => {
  const config = testConfig();
  let testApp: TestApp;
  let mainId: string;
  let manyId: string;
  let admin: Headers;
  let configurationId: string;

  const get = (url: string, headers: Headers) => testApp.app.inject({ method: 'GET', url, headers });
  const patch = (headers: Headers, payload: object, id = configurationId) =>
    testApp.app.inject({ method: 'PATCH', url: `/api/funding-configuration/${id}`, headers, payload });

  beforeAll(async () => {
    testApp = await buildTestApp({ dialect, config });
    await seedDemoData(testApp.database.db, { size: 'small' });
    mainId = await merchantIdByName(testApp.database.db, MAIN_MERCHANT);
    manyId = await merchantIdByName(testApp.database.db, MANY_PROGRAMS_MERCHANT);
    admin = await authHeader(testApp.database, config, { role: 'ADMIN' });
    const response = await get('/api/funding-configuration', admin);
    configurationId = answer.parse(response.json()).data.id;
  });

  afterAll(async () => {
    await testApp.close();
  });

  it("reads the merchant's configuration, also when its id is named", async () => {
    const response = await get(`/api/funding-configuration?merchantID.eq=${mainId}`, admin);
    expect(response.statusCode).toBe(200);
    expect(answer.parse(response.json()).data).toMatchObject({
      id: configurationId,
      merchantID: mainId,
      payoutFrequency: 'WEEKLY',
      payoutWeekday: 5,
      payoutDayOfMonth: null,
      settlementMode: 'NET',
    });
  });

  it('switches frequencies, clearing the day that no longer applies', async () => {
    const monthly = await patch(admin, { payoutFrequency: 'MONTHLY', payoutDayOfMonth: 15 });
    expect(monthly.statusCode).toBe(200);
    expect(answer.parse(monthly.json()).data).toMatchObject({
      payoutFrequency: 'MONTHLY',
      payoutDayOfMonth: 15,
      payoutWeekday: null,
    });
    const daily = await patch(admin, { payoutFrequency: 'DAILY', settlementMode: 'GROSS' });
    expect(answer.parse(daily.json()).data).toMatchObject({
      payoutFrequency: 'DAILY',
      payoutWeekday: null,
      payoutDayOfMonth: null,
      settlementMode: 'GROSS',
    });
    const weekly = await patch(admin, { payoutFrequency: 'WEEKLY', payoutWeekday: 7 });
    expect(answer.parse(weekly.json()).data).toMatchObject({ payoutFrequency: 'WEEKLY', payoutWeekday: 7 });
    const row = await testApp.database.db
      .selectFrom('funding_configurations')
      .where('id', '=', configurationId)
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ payout_frequency: 'WEEKLY', payout_weekday: 7, settlement_mode: 'GROSS' });
  });

  it('refuses a schedule without its day, or with a day out of range, per field', async () => {
    const cases: [object, string][] = [
      [{ payoutFrequency: 'MONTHLY' }, 'body.payoutDayOfMonth'],
      [{ payoutFrequency: 'MONTHLY', payoutDayOfMonth: 29 }, 'body.payoutDayOfMonth'],
      [{ payoutFrequency: 'WEEKLY', payoutWeekday: 0 }, 'body.payoutWeekday'],
      [{ payoutFrequency: 'WEEKLY', payoutWeekday: 8 }, 'body.payoutWeekday'],
      [{ payoutFrequency: 'DAILY', payoutWeekday: 3 }, 'body.payoutWeekday'],
      [{ payoutFrequency: 'WEEKLY', payoutWeekday: null }, 'body.payoutWeekday'],
    ];
    for (const [body, path] of cases) {
      const response = await patch(admin, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const { error } = errorBodySchema.parse(response.json());
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.details?.map((detail) => detail.path)).toEqual([path]);
      expect(error.details?.[0]?.message).not.toBe('');
    }
    expect((await patch(admin, {})).statusCode).toBe(400);
    expect((await patch(admin, { payoutFrequency: 'YEARLY' })).statusCode).toBe(400);
  });

  it('refuses without a token, without the scope, and for another merchant', async () => {
    expect((await get('/api/funding-configuration', {})).statusCode).toBe(401);
    expect((await patch({}, { settlementMode: 'NET' })).statusCode).toBe(401);
    // USER has no funding scopes; INTERNAL_SUPPORT may read but not change.
    const user = await authHeader(testApp.database, config, { role: 'USER' });
    expect((await get('/api/funding-configuration', user)).statusCode).toBe(403);
    expect((await patch(user, { settlementMode: 'NET' })).statusCode).toBe(403);
    const support = await authHeader(testApp.database, config, {
      role: 'INTERNAL_SUPPORT',
      merchantId: mainId,
    });
    expect((await get('/api/funding-configuration', support)).statusCode).toBe(200);
    expect((await patch(support, { settlementMode: 'NET' })).statusCode).toBe(403);

    expect((await get(`/api/funding-configuration?merchantID.eq=${manyId}`, admin)).statusCode).toBe(403);
    const other = await testApp.database.db
      .selectFrom('funding_configurations')
      .where('merchant_id', '=', manyId)
      .select(['id', 'settlement_mode'])
      .executeTakeFirstOrThrow();
    const foreign = await patch(admin, { settlementMode: 'NET' }, other.id);
    const missing = await patch(admin, { settlementMode: 'NET' }, randomUUID());
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual(missing.json());
    const after = await testApp.database.db
      .selectFrom('funding_configurations')
      .where('id', '=', other.id)
      .select('settlement_mode')
      .executeTakeFirstOrThrow();
    expect(after.settlement_mode).toBe(other.settlement_mode);
  });
});
