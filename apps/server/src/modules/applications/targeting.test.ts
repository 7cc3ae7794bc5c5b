import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataResponseSchema, errorBodySchema } from '@portal/contracts/api';
import { DAY_MS } from '@portal/contracts/constants';
import {
  targetingExportersSchema,
  targetingExportSchema,
  targetingHistoryPageSchema,
  targetingPreviewSchema,
} from '@portal/contracts/targeting';
import type { ApplicationsTable, TargetingExportsTable } from '../../db/schema.js';
import { MAIN_MERCHANT } from '../../seed/demo-merchants.js';
import { seedDemoData } from '../../seed/seed.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { TEST_DIALECTS } from '../../test/test-database.js';
import { activePrograms } from '../../test/transaction-fixtures.js';
import { authHeader, merchantIdByName, testConfig } from '../../test/tokens.js';

type Headers = Record<string, string>;
type Answer = Awaited<ReturnType<TestApp['app']['inject']>>;

/** Another bread merchant of the demo data. */
const OTHER_MERCHANT = 'Lakeside Furniture Co.';
const previewAnswer = dataResponseSchema(targetingPreviewSchema);
const exportAnswer = dataResponseSchema(targetingExportSchema);
const exportersAnswer = dataResponseSchema(targetingExportersSchema);

/** RFC 4180 records, quotes and doubled quotes undone. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const character = text.charAt(index);
    if (quoted) {
      if (character === '"' && text[index + 1] === '"') {
        field += '"';
        index++;
      } else if (character === '"') quoted = false;
      else field += character;
    } else if (character === '"') quoted = true;
    else if (character === ',') {
      record.push(field);
      field = '';
    } else if (character === '\r' && text[index + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      index++;
    } else field += character;
  }
  return records;
}

function refusal(response: Answer) {
  return { status: response.statusCode, ...errorBodySchema.parse(response.json()).error };
}

// The window of these tests, in the main merchant's zone (America/New_York, UTC-5 in November): far
// from the seeded applications, which end on 2026-11-01, and in the past.
const FROM = '2026-11-10';
const TO = '2026-11-20';
const WINDOW_START = '2026-11-10T05:00:00.000Z';
const WINDOW_END = '2026-11-21T05:00:00.000Z';
const at = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();

describe.each(TEST_DIALECTS)('targeting export (%s)', (dialect) => {
  const config = testConfig();
  let testApp: TestApp;
  let admin: Headers;
  let mainId: string;
  let programs: string[];

  const inject = (method: 'GET' | 'POST', url: string, headers: Headers = admin, payload?: object) =>
    testApp.app.inject({
      method,
      url,
      headers: { ...headers, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });
  const preview = async (query = '') => {
    const response = await inject('GET', `/api/targeting/preview?from=${FROM}&to=${TO}${query}`);
    expect(response.statusCode).toBe(200);
    return previewAnswer.parse(response.json()).data;
  };

  beforeAll(async () => {
    testApp = await buildTestApp({ dialect, config });
    const { db } = testApp.database;
    await seedDemoData(db, { size: 'small' });
    mainId = await merchantIdByName(db, MAIN_MERCHANT);
    programs = (await activePrograms(db, mainId)).map((program) => program.id);
    const other = { id: await merchantIdByName(db, OTHER_MERCHANT) };
    const otherProgram = (await activePrograms(db, other.id))[0]?.id ?? '';
    const application = (
      email: string,
      steps: Partial<Insertable<ApplicationsTable>>,
    ): Insertable<ApplicationsTable> => {
      const times = [steps.prequalified_at, steps.applied_at, steps.checkout_completed_at].filter(
        (time): time is string => typeof time === 'string',
      );
      const first = [...times].sort()[0] ?? WINDOW_START;
      return {
        id: randomUUID(),
        merchant_id: mainId,
        program_id: programs[0] ?? '',
        channel: 'ECOMM',
        product_type: 'INSTALLMENTS',
        location_id: null,
        customer_name: `Shopper ${email.split('@')[0] ?? ''}`,
        customer_email: email,
        currency: 'USD',
        cart_amount: 10_000,
        created_at: first,
        updated_at: first,
        ...steps,
      };
    };
    const day = (date: string, hour = 12) => `${date}T${String(hour).padStart(2, '0')}:00:00.000Z`;
    await db
      .insertInto('applications')
      .values([
        // Prequalified, then approved and left the checkout: one row, the latest application's.
        application('a@target.test', { prequalified_at: day('2026-11-12'), customer_name: 'Old Name' }),
        application('a@target.test', {
          applied_at: day('2026-11-15'),
          decision: 'APPROVED',
          decided_at: day('2026-11-15', 13),
          checkout_started_at: day('2026-11-15', 14),
          customer_name: 'Ann Abandoned',
          cart_amount: 25_050,
        }),
        // Bought after prequalifying: not a target.
        application('b@target.test', { prequalified_at: day('2026-11-13') }),
        application('b@target.test', {
          applied_at: day('2026-11-14'),
          decision: 'APPROVED',
          decided_at: day('2026-11-14'),
          checkout_started_at: day('2026-11-14'),
          checkout_completed_at: day('2026-11-14', 13),
        }),
        // The last instant before the window, and the first one of it (midnight in New York).
        application('c@target.test', { prequalified_at: at(WINDOW_START, -1) }),
        application('d@target.test', {
          prequalified_at: WINDOW_START,
          applied_at: at(WINDOW_START, 60_000),
          decision: 'DECLINED',
          decided_at: at(WINDOW_START, 120_000),
        }),
        // Applied in the window's last instant without prequalifying; then the first instant after it.
        application('e@target.test', { applied_at: at(WINDOW_END, -1), cart_amount: null }),
        application('f@target.test', { prequalified_at: WINDOW_END }),
        // Another program of the merchant.
        application('g@target.test', { prequalified_at: day('2026-11-11'), program_id: programs[1] ?? '' }),
        // Bought before the window, came back in it: a target again.
        application('h@target.test', {
          prequalified_at: day('2026-11-05'),
          checkout_completed_at: day('2026-11-06'),
        }),
        application('h@target.test', { prequalified_at: day('2026-11-16') }),
        // Another merchant's shopper.
        application('x@target.test', {
          prequalified_at: day('2026-11-12'),
          merchant_id: other.id,
          program_id: otherProgram,
        }),
      ])
      .execute();
    admin = await authHeader(testApp.database, config, { role: 'ADMIN' });
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('lists the shoppers of the window without a completed checkout, one row each, newest first', async () => {
    const answer = await preview();
    expect(answer).toMatchObject({ from: FROM, to: TO, timeZone: 'America/New_York', total: 5 });
    expect(answer.items.map((row) => row.email)).toEqual([
      'h@target.test',
      'a@target.test',
      'g@target.test',
      'd@target.test',
      'e@target.test',
    ]);
    expect(answer.items[1]).toEqual({
      email: 'a@target.test',
      name: 'Ann Abandoned',
      latestPrequalifiedAt: new Date('2026-11-12T12:00:00.000Z'),
      hasFinancing: true,
      checkoutStatus: 'ABANDONED',
      checkouts: 1,
      cartAmount: { currency: 'USD', value: 25_050 },
    });
    expect(answer.items[3]).toMatchObject({ hasFinancing: false, checkoutStatus: 'NOT_STARTED' });
    expect(answer.items[4]).toMatchObject({ latestPrequalifiedAt: null, cartAmount: null });
  });

  it('filters by financing, latest checkout status and program', async () => {
    expect((await preview('&hasFinancing=yes')).items.map((row) => row.email)).toEqual(['a@target.test']);
    expect((await preview('&hasFinancing=no')).total).toBe(4);
    expect((await preview('&checkoutStatus=ABANDONED')).items.map((row) => row.email)).toEqual([
      'a@target.test',
    ]);
    expect((await preview('&checkoutStatus=NOT_STARTED')).total).toBe(4);
    expect((await preview(`&programID=${programs[1] ?? ''}`)).items.map((row) => row.email)).toEqual([
      'g@target.test',
    ]);
  });

  it('defaults to the last 30 days of the merchant, today included', async () => {
    const response = await inject('GET', '/api/targeting/preview');
    const { from, to } = previewAnswer.parse(response.json()).data;
    expect((Date.parse(to) - Date.parse(from)) / DAY_MS).toBe(29);
  });

  it('refuses a window backwards, longer than a year or reaching past today, by field', async () => {
    const ask = (query: string) => inject('GET', `/api/targeting/preview?${query}`);
    expect(refusal(await ask(`from=${TO}&to=${FROM}`))).toMatchObject({
      status: 422,
      reason: 'targeting.window_backwards',
      details: [{ path: 'query.to', reason: 'targeting.window_backwards' }],
    });
    expect(refusal(await ask('from=2025-11-09&to=2026-11-10'))).toMatchObject({
      status: 422,
      reason: 'targeting.window_too_long',
      details: [{ path: 'query.from', reason: 'targeting.window_too_long' }],
    });
    // A year to the day is the longest window.
    expect((await ask('from=2025-11-10&to=2026-11-10')).statusCode).toBe(200);
    const future = new Date(Date.now() + 2 * DAY_MS).toISOString().slice(0, 10);
    expect(refusal(await ask(`from=${FROM}&to=${future}`))).toMatchObject({
      status: 422,
      reason: 'targeting.window_in_future',
      details: [{ path: 'query.to' }],
    });
    const body = refusal(await inject('POST', '/api/targeting/exports', admin, { from: TO, to: FROM }));
    expect(body).toMatchObject({ status: 422, details: [{ path: 'body.to' }] });
  });

  it('records each export, lists it, and downloads the same shoppers again, audited', async () => {
    const created = await inject('POST', '/api/targeting/exports', admin, {
      from: FROM,
      to: TO,
      checkoutStatus: 'NOT_STARTED',
    });
    expect(created.statusCode).toBe(201);
    const record = exportAnswer.parse(created.json()).data;
    expect(record).toMatchObject({
      from: FROM,
      to: TO,
      timeZone: 'America/New_York',
      checkoutStatus: 'NOT_STARTED',
      hasFinancing: null,
      programIDs: [],
      rowCount: 4,
    });
    const history = await inject('GET', '/api/targeting/exports');
    expect(targetingHistoryPageSchema.parse(history.json()).data.items[0]?.id).toBe(record.id);

    const files = [];
    for (const locale of ['en', 'fr-CA']) {
      const file = await inject('GET', `/api/targeting/exports/${record.id}/export.csv?locale=${locale}`);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-disposition']).toBe(
        `attachment; filename="targeting-${FROM}-to-${TO}-America_New_York.csv"`,
      );
      files.push(parseCsv(file.body.slice(1)));
    }
    const [english = [], french = []] = files;
    expect(english[0]?.[0]).toBe('Latest prequalification (America/New_York)');
    expect(french[0]?.[0]).toBe('Dernière préqualification (America/New_York)');
    expect(english.slice(1).map((row) => row[2])).toEqual([
      'h@target.test',
      'g@target.test',
      'd@target.test',
      'e@target.test',
    ]);
    // Dates are the merchant's days; words are the file's language.
    expect(english[3]).toEqual([
      '2026-11-10',
      'Shopper d',
      'd@target.test',
      'No',
      'Not started',
      '0',
      'USD',
      '100.00',
    ]);
    expect(french[3]?.slice(3, 5)).toEqual(['Non', 'Non commencé']);

    const kinds = await testApp.database.db
      .selectFrom('audit_entries')
      .select(['kind', 'actor_email'])
      .where('subject_id', '=', record.id)
      .orderBy('created_at')
      .execute();
    expect(kinds.map((entry) => entry.kind)).toEqual([
      'targeting.exported',
      'targeting.downloaded',
      'targeting.downloaded',
    ]);
  });

  it("lets read-only users export, and answers another merchant's export as an unknown one", async () => {
    const readOnly = await authHeader(testApp.database, config, { role: 'READ_ONLY' });
    const created = await inject('POST', '/api/targeting/exports', readOnly, { from: FROM, to: TO });
    expect(created.statusCode).toBe(201);
    const { id } = exportAnswer.parse(created.json()).data;

    const otherId = await merchantIdByName(testApp.database.db, OTHER_MERCHANT);
    const other = await authHeader(testApp.database, config, { role: 'ADMIN', merchantId: otherId });
    const foreign = refusal(await inject('GET', `/api/targeting/exports/${id}/export.csv`, other));
    const unknown = refusal(await inject('GET', `/api/targeting/exports/${randomUUID()}/export.csv`, other));
    expect(foreign).toEqual(unknown);
    expect(foreign).toMatchObject({ status: 404, reason: 'targeting.export_not_found' });
    const theirs = await inject('GET', '/api/targeting/exports', other);
    expect(targetingHistoryPageSchema.parse(theirs.json()).data).toMatchObject({
      items: [],
      pagination: { total: 0 },
    });
    // The other merchant sees none of this merchant's shoppers.
    const view = await inject('GET', `/api/targeting/preview?from=${FROM}&to=${TO}`, other);
    expect(previewAnswer.parse(view.json()).data.items.map((row) => row.email)).toEqual(['x@target.test']);
  });

  it('pages the history by date or rows, filtered by user and days, one merchant at a time', async () => {
    const { db } = testApp.database;
    const otherId = await merchantIdByName(db, OTHER_MERCHANT);
    // March 2025, far from the other tests' exports; New York is UTC-5 until 9 March.
    const record = (
      merchantId: string,
      userId: string,
      createdAt: string,
      rowCount: number,
    ): Insertable<TargetingExportsTable> => ({
      id: randomUUID(),
      merchant_id: merchantId,
      user_id: userId,
      user_email: `${userId}@history.test`,
      from_day: '2025-02-01',
      to_day: '2025-02-28',
      time_zone: 'America/New_York',
      filters: JSON.stringify({ programIDs: [], hasFinancing: null, checkoutStatus: null }),
      row_count: rowCount,
      created_at: createdAt,
    });
    const rows = [
      record(mainId, 'ann', '2025-03-01T06:00:00.000Z', 30),
      record(mainId, 'bob', '2025-03-02T04:59:00.000Z', 10), // 1 March, 23:59 in New York
      record(mainId, 'ann', '2025-03-03T12:00:00.000Z', 20),
      record(mainId, 'bob', '2025-03-04T12:00:00.000Z', 40),
      record(mainId, 'ann', '2025-03-05T12:00:00.000Z', 5),
      record(otherId, 'ann', '2025-03-02T12:00:00.000Z', 99),
    ];
    await db.insertInto('targeting_exports').values(rows).execute();
    const MARCH = 'from=2025-03-01&to=2025-03-31';
    const ids = (...indexes: number[]) => indexes.map((index) => rows[index]?.id);
    const page = async (query: string, headers: Headers = admin) => {
      const response = await inject('GET', `/api/targeting/exports?${query}`, headers);
      expect(response.statusCode).toBe(200);
      const { items, pagination } = targetingHistoryPageSchema.parse(response.json()).data;
      return { ids: items.map((item) => item.id), pagination };
    };

    expect(await page(MARCH)).toEqual({
      ids: ids(4, 3, 2, 1, 0),
      pagination: { offset: 0, limit: 25, total: 5 },
    });
    expect((await page(`${MARCH}&order=asc`)).ids).toEqual(ids(0, 1, 2, 3, 4));
    expect((await page(`${MARCH}&sort=rowCount`)).ids).toEqual(ids(3, 0, 2, 1, 4));
    expect((await page(`${MARCH}&sort=rowCount&order=asc`)).ids).toEqual(ids(4, 1, 2, 0, 3));
    expect((await page(`${MARCH}&userId=ann`)).ids).toEqual(ids(4, 2, 0));
    // Days are the merchant's: 1 March ends at 05:00 UTC on the 2nd.
    expect((await page('from=2025-03-01&to=2025-03-01')).ids).toEqual(ids(1, 0));
    expect((await page('from=2025-03-02&to=2025-03-03')).ids).toEqual(ids(2));
    // Pages of 25, 50 or 100, by offset.
    const deep = await page(`${MARCH}&limit=25&offset=3`);
    expect(deep).toEqual({ ids: ids(1, 0), pagination: { offset: 3, limit: 25, total: 5 } });

    const otherAdmin = await authHeader(testApp.database, config, { role: 'ADMIN', merchantId: otherId });
    expect((await page(MARCH, otherAdmin)).ids).toEqual(ids(5));

    const users = await inject('GET', '/api/targeting/exports/users');
    expect(users.statusCode).toBe(200);
    const exporters = exportersAnswer.parse(users.json()).data.users;
    expect(exporters).toEqual(
      expect.arrayContaining([
        { userId: 'ann', email: 'ann@history.test' },
        { userId: 'bob', email: 'bob@history.test' },
      ]),
    );
    const theirUsers = await inject('GET', '/api/targeting/exports/users', otherAdmin);
    expect(exportersAnswer.parse(theirUsers.json()).data.users).toEqual([
      { userId: 'ann', email: 'ann@history.test' },
    ]);

    // The whole list as a file, with the list's filters and order; the other merchant's stays theirs.
    const file = async (query: string, headers: Headers = admin, zone = 'America_New_York') => {
      const response = await inject('GET', `/api/targeting/exports/export.csv?${query}`, headers);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(new RegExp(`-${zone}\\.csv"$`));
      return parseCsv(response.body.replace(/^\uFEFF/, ''));
    };
    const [header, ...records] = await file(`${MARCH}&sort=rowCount&locale=fr-CA`);
    expect(header?.[0]).toBe('Exportée le (America/New_York)');
    expect(records.map((record) => [record[0], record[1], record[8]])).toEqual([
      ['2025-03-04 07:00:00', 'bob@history.test', '40'],
      ['2025-03-01 01:00:00', 'ann@history.test', '30'],
      ['2025-03-03 07:00:00', 'ann@history.test', '20'],
      ['2025-03-01 23:59:00', 'bob@history.test', '10'],
      ['2025-03-05 07:00:00', 'ann@history.test', '5'],
    ]);
    expect(records[0]?.slice(2, 8)).toEqual(['2025-02-01', '2025-02-28', 'America/New_York', '', '', '']);
    expect((await file(`${MARCH}&userId=bob&order=asc`)).slice(1).map((record) => record[8])).toEqual([
      '10',
      '40',
    ]);
    expect((await file(MARCH, otherAdmin, 'America_Chicago')).slice(1).map((record) => record[8])).toEqual([
      '99',
    ]);
    // Filters in words of the file's language, programs by name.
    const programName = (
      await db
        .selectFrom('programs')
        .select('name')
        .where('id', '=', programs[0] ?? '')
        .executeTakeFirstOrThrow()
    ).name;
    await db
      .insertInto('targeting_exports')
      .values({
        ...record(mainId, 'ann', '2025-04-10T12:00:00.000Z', 7),
        filters: JSON.stringify({
          programIDs: [programs[0], 'retired-program'],
          hasFinancing: 'yes',
          checkoutStatus: 'ABANDONED',
        }),
      })
      .execute();
    expect((await file('from=2025-04-10&to=2025-04-10&locale=fr-CA'))[1]?.slice(5, 8)).toEqual([
      `${programName}; retired-program`,
      'Oui',
      'Abandonné',
    ]);
    expect(
      refusal(await inject('GET', '/api/targeting/exports/export.csv?from=2025-03-05&to=2025-03-01')),
    ).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });

    for (const [query, path] of [
      ['limit=30', 'query.limit'],
      ['offset=-1', 'query.offset'],
      ['sort=email', 'query.sort'],
      ['order=up', 'query.order'],
      ['from=2025-03-05&to=2025-03-01', 'query.to'],
      ['from=March', 'query.from'],
      ['merchantId=x', 'query.merchantId'],
    ] as const) {
      const body = refusal(await inject('GET', `/api/targeting/exports?${query}`));
      expect(body, query).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
      expect(
        body.details?.map((detail) => detail.path),
        query,
      ).toContain(path);
    }
  });

  it('is hidden for the rbc brand', async () => {
    const rbc = await buildTestApp({ dialect, config: testConfig({ brand: 'rbc' }) });
    try {
      for (const url of [
        '/api/targeting/preview',
        '/api/targeting/exports',
        '/api/targeting/exports/users',
      ]) {
        expect((await rbc.app.inject({ method: 'GET', url })).statusCode).toBe(404);
      }
    } finally {
      await rbc.close();
    }
  });
});
