import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataResponseSchema, errorBodySchema } from '@portal/contracts/api';
import { depositCalendarSchema, fundingConfigurationSchema } from '@portal/contracts/funding';
import { nextDepositSchema } from '@portal/contracts/settlement';
import { MAIN_MERCHANT, MANY_PROGRAMS_MERCHANT, RBC_MERCHANT } from '../../seed/demo-merchants.js';
import { seedDemoData } from '../../seed/seed.js';
import { buildTestApp, jsonRequest } from '../../test/test-app.js';
import type { TestApp } from '../../test/test-app.js';
import { TEST_DIALECTS } from '../../test/test-database.js';
import { activePrograms, insertTransactionFixtures } from '../../test/transaction-fixtures.js';
import { authHeader, merchantIdByName, testConfig } from '../../test/tokens.js';
import { depositCalendar } from './service.js';

const answer = dataResponseSchema(fundingConfigurationSchema);
const calendarAnswer = dataResponseSchema(depositCalendarSchema);
const nextDepositAnswer = dataResponseSchema(nextDepositSchema);
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

  const CALENDAR = '/api/funding-configuration/deposit-calendar';
  const calendarOf = async (query = '') => {
    const response = await get(`${CALENDAR}${query}`, admin);
    expect(response.statusCode, response.body).toBe(200);
    return calendarAnswer.parse(response.json()).data;
  };
  const auditEntries = () =>
    testApp.database.db
      .selectFrom('audit_entries')
      .selectAll()
      .where('kind', '=', 'funding.updated')
      .orderBy('created_at')
      .execute();

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
      [{ payoutFrequency: 'MONTHLY', payoutDayOfMonth: 32 }, 'body.payoutDayOfMonth'],
      [{ payoutFrequency: 'MONTHLY', payoutDayOfMonth: 0 }, 'body.payoutDayOfMonth'],
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
    expect((await get(CALENDAR, {})).statusCode).toBe(401);
    expect((await get(CALENDAR, user)).statusCode).toBe(403);
    expect((await get(CALENDAR, support)).statusCode).toBe(200);

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

  it('audits a change with the fields it changed, and nothing for a save that changes nothing', async () => {
    await patch(admin, { payoutFrequency: 'WEEKLY', payoutWeekday: 5, settlementMode: 'NET' });
    const before = await auditEntries();
    expect((await patch(admin, { payoutFrequency: 'WEEKLY', payoutWeekday: 5 })).statusCode).toBe(200);
    expect(await auditEntries()).toHaveLength(before.length);
    const monthly = await patch(admin, { payoutFrequency: 'MONTHLY', payoutDayOfMonth: 31 });
    expect(monthly.statusCode).toBe(200);
    const entries = await auditEntries();
    expect(entries).toHaveLength(before.length + 1);
    const entry = entries.at(-1);
    expect(entry).toMatchObject({
      merchant_id: mainId,
      subject_type: 'funding',
      subject_id: configurationId,
    });
    expect(JSON.parse(entry?.before ?? 'null')).toEqual({
      payoutFrequency: 'WEEKLY',
      payoutWeekday: 5,
      payoutDayOfMonth: null,
    });
    expect(JSON.parse(entry?.after ?? 'null')).toEqual({
      payoutFrequency: 'MONTHLY',
      payoutWeekday: null,
      payoutDayOfMonth: 31,
    });
  });

  it('previews the schedule being edited, a day 29–31 on the last day of a shorter month', async () => {
    await patch(admin, { payoutFrequency: 'DAILY' });
    const { days, today, country } = await calendarOf('?payoutFrequency=MONTHLY&payoutDayOfMonth=31');
    expect(country).toBe('US');
    expect(days).toHaveLength(6);
    for (const [index, day] of days.entries()) {
      const date = new Date(`${day}T00:00:00Z`);
      expect(day > (days[index - 1] ?? today), day).toBe(true);
      expect([0, 6]).not.toContain(date.getUTCDay());
      // The month's last day, or the first business days after it when that is a weekend or a holiday.
      const lastOfMonth = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
      expect(date.getUTCDate() === lastOfMonth || date.getUTCDate() <= 4, day).toBe(true);
    }
    // The saved schedule (DAILY) is untouched by a preview.
    expect((await calendarOf()).days[0]).not.toBe(days[0]);
    const refused = await get(`${CALENDAR}?payoutFrequency=MONTHLY&payoutDayOfMonth=32`, admin);
    expect(refused.statusCode).toBe(400);
    expect(errorBodySchema.parse(refused.json()).error.details?.map((detail) => detail.path)).toEqual([
      'query.payoutDayOfMonth',
    ]);
    expect((await get(`${CALENDAR}?payoutFrequency=WEEKLY`, admin)).statusCode).toBe(400);
  });

  it("gives the report's next deposit and a settlement of today the calendar's first day, for each frequency", async () => {
    const { db } = testApp.database;
    const programId = (await activePrograms(db, mainId)).find((p) => p.channel === 'ECOMM')?.id ?? '';
    const schedules = [
      { payoutFrequency: 'DAILY' },
      { payoutFrequency: 'WEEKLY', payoutWeekday: 3 },
      { payoutFrequency: 'MONTHLY', payoutDayOfMonth: 30 },
    ];
    for (const schedule of schedules) {
      expect((await patch(admin, schedule)).statusCode).toBe(200);
      const { days } = await calendarOf();
      const next = nextDepositAnswer.parse((await get('/api/settlement/next-deposit', admin)).json()).data;
      expect(next?.depositDate, schedule.payoutFrequency).toBe(days[0]);
      const [row] = await insertTransactionFixtures(db, [
        { merchant_id: mainId, program_id: programId, status: 'AUTHORIZED', total: 5_000 },
      ]);
      const settled = await testApp.app.inject({
        method: 'POST',
        url: `/api/transactions/${row?.id ?? ''}/settle`,
        ...jsonRequest(admin, {}),
      });
      expect(settled.statusCode).toBe(200);
      const event = await db
        .selectFrom('funding_events')
        .innerJoin('deposits', 'deposits.id', 'funding_events.deposit_id')
        .select('deposits.deposit_date')
        .where('transaction_id', '=', row?.id ?? '')
        .executeTakeFirstOrThrow();
      expect(event.deposit_date, schedule.payoutFrequency).toBe(days[0]);
    }
  });

  it("skips the bank holidays of the merchant's brand's country", async () => {
    const rbcId = await merchantIdByName(testApp.database.db, RBC_MERCHANT);
    // Thursday 24 December 2026: Christmas, the weekend, then Boxing Day observed on Monday the 28th.
    const now = new Date('2026-12-24T18:00:00Z');
    const schedule = { payoutFrequency: 'DAILY' } as const;
    expect((await depositCalendar(testApp.database.db, mainId, schedule, now)).days.slice(0, 2)).toEqual([
      '2026-12-28',
      '2026-12-29',
    ]);
    const canadian = await depositCalendar(testApp.database.db, rbcId, schedule, now);
    expect(canadian.country).toBe('CA');
    expect(canadian.days.slice(0, 2)).toEqual(['2026-12-29', '2026-12-30']);
  });
});
