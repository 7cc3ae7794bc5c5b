import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { BRAND_PROFILES } from '@portal/contracts/brands';
import { DAY_MS } from '@portal/contracts/constants';
import { dataResponseSchema, errorBodySchema } from '@portal/contracts/api';
import {
  depositDetailSchema,
  nextDepositSchema,
  settlementReportSchema,
  type SettlementReport,
} from '@portal/contracts/settlement';
import { MAIN_MERCHANT, RBC_MERCHANT } from '../../seed/demo-merchants.js';
import { seedDemoData } from '../../seed/seed.js';
import { buildTestApp, jsonRequest, type TestApp } from '../../test/test-app.js';
import { TEST_DIALECTS } from '../../test/test-database.js';
import { insertTransactionFixtures, activePrograms } from '../../test/transaction-fixtures.js';
import { authHeader, merchantIdByName, testConfig } from '../../test/tokens.js';
import { nextDepositDay } from '../funding/deposit-calendar.js';
import { queueDueSummaries } from './summary-job.js';

const reportAnswer = dataResponseSchema(settlementReportSchema);
const detailAnswer = dataResponseSchema(depositDetailSchema);
const RANGE = { from: '2026-08-01', to: '2026-10-31' };
const WEEKLY_FRIDAY = { payoutFrequency: 'WEEKLY', payoutWeekday: 5, payoutDayOfMonth: null } as const;
type Headers = Record<string, string>;

describe.each(TEST_DIALECTS)('settlement report (%s)', (dialect) => {
  const config = testConfig();
  let testApp: TestApp;
  let mainId: string;
  let rbcId: string;
  let admin: Headers;
  let readOnly: Headers;

  const get = (url: string, headers: Headers = admin) => testApp.app.inject({ method: 'GET', url, headers });
  const report = async (range = RANGE): Promise<SettlementReport> => {
    const response = await get(`/api/settlement/deposits?from=${range.from}&to=${range.to}`);
    expect(response.statusCode).toBe(200);
    return reportAnswer.parse(response.json()).data;
  };

  beforeAll(async () => {
    testApp = await buildTestApp({ dialect, config });
    await seedDemoData(testApp.database.db, { size: 'small' });
    mainId = await merchantIdByName(testApp.database.db, MAIN_MERCHANT);
    rbcId = await merchantIdByName(testApp.database.db, RBC_MERCHANT);
    admin = await authHeader(testApp.database, config, { role: 'ADMIN' });
    readOnly = await authHeader(testApp.database, config, { role: 'READ_ONLY' });
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('puts every funding event of the seed in a deposit whose totals are its events', async () => {
    const { db } = testApp.database;
    const loose = await db
      .selectFrom('funding_events')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('deposit_id', 'is', null)
      .executeTakeFirstOrThrow();
    expect(loose.count).toBe(0);
    const events = await db
      .selectFrom('funding_events')
      .groupBy('deposit_id')
      .select((eb) => [
        'deposit_id',
        eb.fn.countAll<number>().as('count'),
        eb.fn.sum<number>('net_amount').as('net'),
        eb.fn.sum<number>('fee').as('fees'),
      ])
      .execute();
    const deposits = await db.selectFrom('deposits').selectAll().execute();
    expect(deposits.length).toBe(events.length);
    const byId = new Map(deposits.map((deposit) => [deposit.id, deposit]));
    for (const sums of events) {
      const deposit = byId.get(sums.deposit_id ?? '');
      expect(deposit).toBeDefined();
      expect(Number(deposit?.event_count)).toBe(sums.count);
      expect(Number(deposit?.net)).toBe(sums.net);
      expect(Number(deposit?.fees)).toBe(sums.fees);
    }
  });

  it('groups each demo merchant by its schedule, on days of its deposit calendar', async () => {
    const { db } = testApp.database;
    const rows = await db
      .selectFrom('deposits')
      .innerJoin('funding_configurations as f', 'f.merchant_id', 'deposits.merchant_id')
      .innerJoin('merchants as m', 'm.id', 'deposits.merchant_id')
      .innerJoin('tenants as t', 't.id', 'm.tenant_id')
      .select(['deposit_date', 't.brand', 'f.payout_frequency', 'f.payout_weekday', 'f.payout_day_of_month'])
      .execute();
    const frequencies = new Set(rows.map((row) => row.payout_frequency));
    expect(frequencies).toEqual(new Set(['DAILY', 'WEEKLY', 'MONTHLY']));
    expect(new Set(rows.map((row) => row.brand))).toEqual(new Set(['bread', 'rbc']));
    for (const row of rows) {
      const date = new Date(`${row.deposit_date}T00:00:00Z`);
      expect([0, 6]).not.toContain(date.getUTCDay());
      const schedule = {
        payoutFrequency: row.payout_frequency,
        payoutWeekday: row.payout_weekday,
        payoutDayOfMonth: row.payout_day_of_month,
      };
      // The day is the calendar's next deposit day after the day before it: a deposit day.
      const dayBefore = new Date(date.getTime() - DAY_MS).toISOString().slice(0, 10);
      const country = BRAND_PROFILES[row.brand].country;
      expect(nextDepositDay(schedule, country, dayBefore), row.deposit_date).toBe(row.deposit_date);
    }
  });

  it('adds up: the rows give the summary, each net is settlements − refunds − chargebacks − fees', async () => {
    const data = await report();
    expect(data.deposits.length).toBeGreaterThan(5);
    expect(data.timeZone).toBe('America/New_York');
    const sum = (pick: (d: SettlementReport['deposits'][number]) => number) =>
      data.deposits.reduce((total, deposit) => total + pick(deposit), 0);
    expect(sum((d) => d.count)).toBe(data.totals.count);
    expect(sum((d) => d.net.value)).toBe(data.totals.net.value);
    expect(sum((d) => d.fees.value)).toBe(data.totals.fees.value);
    for (const deposit of [...data.deposits, data.totals]) {
      expect(deposit.net.value).toBe(
        deposit.settlements.value - deposit.refunds.value - deposit.chargebacks.value - deposit.fees.value,
      );
    }
    // The program breakdown adds up to the same totals.
    expect(data.programs.reduce((total, line) => total + line.fees.value, 0)).toBe(data.totals.fees.value);
    expect(data.programs.reduce((total, line) => total + line.net.value, 0)).toBe(data.totals.net.value);
    expect(data.programs.some((line) => line.programId === null)).toBe(true);
    // Weekly on Fridays for the main merchant; deposits newest first.
    expect(data.deposits.every((d) => new Date(`${d.depositDate}T00:00:00Z`).getUTCDay() === 5)).toBe(true);
    expect(data.deposits[0]?.depositDate).toBe('2026-10-30');
  });

  it('lists a deposit with its events, and answers another merchant’s deposit as an unknown one', async () => {
    const data = await report();
    const deposit = data.deposits[0];
    if (deposit === undefined) throw new Error('no deposit');
    const response = await get(`/api/settlement/deposits/${deposit.id}`);
    expect(response.statusCode).toBe(200);
    const detail = detailAnswer.parse(response.json()).data;
    expect(detail.deposit.bankReference).toBe(deposit.bankReference);
    expect(detail.pagination.total).toBe(deposit.count);
    const event = detail.events.find((e) => e.transaction !== null);
    expect(event?.transaction?.id).toBeTruthy();

    const theirs = await testApp.database.db
      .selectFrom('deposits')
      .select('id')
      .where('merchant_id', '=', rbcId)
      .executeTakeFirstOrThrow();
    const other = await get(`/api/settlement/deposits/${theirs.id}`);
    const unknown = await get('/api/settlement/deposits/00000000-0000-0000-0000-000000000000');
    expect(other.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(errorBodySchema.parse(other.json()).error).toEqual(errorBodySchema.parse(unknown.json()).error);
  });

  it('names the account each deposit is paid into: the one in effect on its day', async () => {
    const { db } = testApp.database;
    const before = await report();
    const first = before.deposits.at(-1);
    const last = before.deposits[0];
    if (first === undefined || last === undefined || first === last) throw new Error('too few deposits');
    const seeded = await db
      .selectFrom('bank_accounts')
      .select(['bank_name', 'account_last4'])
      .where('merchant_id', '=', mainId)
      .executeTakeFirstOrThrow();
    expect(before.deposits.map((deposit) => deposit.paidInto?.accountLast4)).toEqual(
      before.deposits.map(() => seeded.account_last4),
    );

    // A change confirmed to take effect on the last deposit's day reaches that deposit and no earlier one.
    const at = new Date().toISOString();
    await db
      .insertInto('bank_accounts')
      .values({
        id: '7e1a1c2e-0000-4000-8000-000000000001',
        merchant_id: mainId,
        country: 'US',
        holder_name: 'Changed holder',
        bank_name: 'Second Street Bank',
        account_type: 'SAVINGS',
        numbers_sealed: 'sealed',
        account_last4: '9876',
        status: 'CONFIRMED',
        requested_by_user_id: null,
        requested_by_email: 'admin@merchant.test',
        requested_at: at,
        link_token_hash: null,
        expires_at: at,
        confirmed_by_email: 'other.admin@merchant.test',
        confirmed_through: 'ADMIN',
        confirmed_at: at,
        effective_from: last.depositDate,
        cancelled_at: null,
      })
      .execute();
    try {
      const after = await report();
      expect(after.deposits[0]?.paidInto).toEqual({
        bankName: 'Second Street Bank',
        accountType: 'SAVINGS',
        accountLast4: '9876',
      });
      expect(after.deposits.at(-1)?.paidInto?.bankName).toBe(seeded.bank_name);
      const detail = detailAnswer.parse((await get(`/api/settlement/deposits/${last.id}`)).json()).data;
      expect(detail.deposit.paidInto?.accountLast4).toBe('9876');
    } finally {
      await db.deleteFrom('bank_accounts').where('id', '=', '7e1a1c2e-0000-4000-8000-000000000001').execute();
    }
  });

  it('refuses a reversed, future or too long range with its code', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const later = new Date(Date.now() + 3 * DAY_MS).toISOString().slice(0, 10);
    const cases = [
      ['2026-10-10', '2026-10-01', 'settlement.range_reversed'],
      ['2026-01-01', '2026-10-31', 'settlement.range_too_long'],
      [today, later, 'settlement.range_in_future'],
    ] as const;
    for (const [from, to, reason] of cases) {
      for (const path of ['deposits', 'export.csv', 'export.xlsx']) {
        const response = await get(`/api/settlement/${path}?from=${from}&to=${to}`);
        expect(response.statusCode).toBe(422);
        expect(errorBodySchema.parse(response.json()).error.reason).toBe(reason);
      }
    }
    // 100 days, both ends included, is the most.
    expect((await get('/api/settlement/deposits?from=2026-07-24&to=2026-10-31')).statusCode).toBe(200);
    expect((await get('/api/settlement/deposits?from=2026-07-23&to=2026-10-31')).statusCode).toBe(422);
  });

  it('downloads the same rows as CSV and XLSX, with a totals row and the zone', async () => {
    const data = await report();
    const csv = await get(`/api/settlement/export.csv?from=${RANGE.from}&to=${RANGE.to}&locale=en`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain('America-New_York');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toContain('Funding event date (America/New_York)');
    expect(lines[0]).toContain('Funding event date_utc');
    expect(lines.length).toBe(data.totals.count + 2);
    const totalsRow = lines.at(-1)?.split(',') ?? [];
    expect(totalsRow[0]).toBe('Total');
    expect(totalsRow.at(-1)).toBe((data.totals.net.value / 100).toFixed(2));

    const xlsx = await get(`/api/settlement/export.xlsx?from=${RANGE.from}&to=${RANGE.to}&locale=fr-CA`);
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    if (sheet === undefined) throw new Error('no sheet');
    expect(sheet.rowCount).toBe(data.totals.count + 2);
    expect(sheet.getRow(1).getCell(1).text).toBe('Date du dépôt (TEF)');
    expect(sheet.getRow(2).getCell(1).value).toBeInstanceOf(Date);
    const last = sheet.getRow(sheet.rowCount);
    expect(last.getCell(1).value).toBe('Total');
    expect(last.getCell(18).value).toBeCloseTo(data.totals.net.value / 100, 2);

    const audits = await testApp.database.db
      .selectFrom('audit_entries')
      .select('kind')
      .where('kind', '=', 'settlement.exported')
      .execute();
    expect(audits.length).toBe(2);
  });

  it('attaches a live settlement to the upcoming deposit, totals moved with it', async () => {
    const { db } = testApp.database;
    const programId = (await activePrograms(db, mainId)).find((p) => p.channel === 'ECOMM')?.id ?? '';
    const [row] = await insertTransactionFixtures(db, [
      { merchant_id: mainId, program_id: programId, status: 'AUTHORIZED', total: 10_000 },
    ]);
    if (row === undefined) throw new Error('no fixture');
    const before = await get('/api/settlement/next-deposit');
    const next = dataResponseSchema(nextDepositSchema).parse(before.json()).data;
    const settled = await testApp.app.inject({
      method: 'POST',
      url: `/api/transactions/${row.id}/settle`,
      ...jsonRequest(admin, {}),
    });
    expect(settled.statusCode).toBe(200);
    const event = await db
      .selectFrom('funding_events')
      .innerJoin('deposits', 'deposits.id', 'funding_events.deposit_id')
      .select(['deposits.deposit_date', 'funding_events.deposited_on', 'deposits.net'])
      .where('transaction_id', '=', row.id)
      .executeTakeFirstOrThrow();
    const after = dataResponseSchema(nextDepositSchema).parse(
      (await get('/api/settlement/next-deposit')).json(),
    ).data;
    expect(after?.depositDate).toBe(event.deposit_date);
    expect(event.deposited_on).toBe(event.deposit_date);
    // The main merchant is paid on Fridays (the next business day after a Friday holiday).
    const dayBefore = new Date(Date.parse(`${event.deposit_date}T00:00:00Z`) - DAY_MS).toISOString();
    expect(nextDepositDay(WEEKLY_FRIDAY, 'US', dayBefore.slice(0, 10))).toBe(event.deposit_date);
    const added = next?.depositDate === after?.depositDate ? (next?.net.value ?? 0) : 0;
    expect(after?.net.value).toBe(added + 10_000 - 250);
  });

  it('lets an ADMIN manage the summary recipients and a READ_ONLY user only read the report', async () => {
    const body = { email: 'Books@Example.test', frequency: 'DAILY', locale: 'fr-CA' };
    const refused = await testApp.app.inject({
      method: 'POST',
      url: '/api/settlement/subscriptions',
      ...jsonRequest(readOnly, body),
    });
    expect(refused.statusCode).toBe(403);
    expect(
      (await get(`/api/settlement/deposits?from=${RANGE.from}&to=${RANGE.to}`, readOnly)).statusCode,
    ).toBe(200);
    const added = await testApp.app.inject({
      method: 'POST',
      url: '/api/settlement/subscriptions',
      ...jsonRequest(admin, body),
    });
    expect(added.statusCode).toBe(201);
    const again = await testApp.app.inject({
      method: 'POST',
      url: '/api/settlement/subscriptions',
      ...jsonRequest(admin, body),
    });
    expect(again.statusCode).toBe(409);
    const { id } = added.json<{ data: { id: string; email: string } }>().data;
    const list = await get('/api/settlement/subscriptions');
    expect(list.json<{ data: { items: { email: string }[] } }>().data.items.map((s) => s.email)).toEqual([
      'books@example.test',
    ]);
    const removed = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/settlement/subscriptions/${id}`,
      headers: admin,
    });
    expect(removed.statusCode).toBe(204);
  });

  it('queues the daily and weekly summaries once each, in the recipient’s language, linking to the period', async () => {
    const { db } = testApp.database;
    for (const body of [
      { email: 'daily@example.test', frequency: 'DAILY', locale: 'en' },
      { email: 'weekly@example.test', frequency: 'WEEKLY', locale: 'fr-CA' },
    ]) {
      const added = await testApp.app.inject({
        method: 'POST',
        url: '/api/settlement/subscriptions',
        ...jsonRequest(admin, body),
      });
      expect(added.statusCode).toBe(201);
    }
    const settings = { brand: 'bread' as const, publicUrl: 'https://portal.test' };
    // A Monday afternoon in New York, the day after the demo data ends.
    const monday = new Date('2026-11-02T18:00:00.000Z');
    expect(await queueDueSummaries(db, settings, monday)).toBe(2);
    expect(await queueDueSummaries(db, settings, monday)).toBe(0);
    expect(
      await queueDueSummaries(db, { ...settings, brand: 'rbc' }, new Date('2026-11-03T18:00:00.000Z')),
    ).toBe(0);
    const mails = await db
      .selectFrom('outbound_emails')
      .select(['to_address', 'subject', 'text', 'locale'])
      .where('template', '=', 'settlement-summary')
      .orderBy('to_address')
      .execute();
    expect(mails.map((mail) => [mail.to_address, mail.subject])).toEqual([
      ['daily@example.test', 'Daily settlement summary: 2026-11-01'],
      ['weekly@example.test', 'Sommaire hebdomadaire des règlements : du 2026-10-26 au 2026-11-01'],
    ]);
    expect(mails[1]?.text).toContain('https://portal.test/settlement-report?from=2026-10-26&to=2026-11-01');
    expect(mails[1]?.text).toContain('BRD20261030');
    expect(mails[0]?.text).toContain('No deposit was made in this period.');
  });

  it('is hidden for the rbc brand, every endpoint of it', async () => {
    const rbc = await buildTestApp({ dialect, config: testConfig({ brand: 'rbc' }) });
    try {
      for (const [method, url] of [
        ['GET', `/api/settlement/deposits?from=${RANGE.from}&to=${RANGE.to}`],
        ['GET', '/api/settlement/deposits/some-id'],
        ['GET', '/api/settlement/next-deposit'],
        ['GET', `/api/settlement/export.csv?from=${RANGE.from}&to=${RANGE.to}`],
        ['GET', `/api/settlement/export.xlsx?from=${RANGE.from}&to=${RANGE.to}`],
        ['GET', '/api/settlement/subscriptions'],
        ['DELETE', '/api/settlement/subscriptions/some-id'],
      ] as const) {
        expect((await rbc.app.inject({ method, url })).statusCode, url).toBe(404);
      }
    } finally {
      await rbc.close();
    }
  });
});
