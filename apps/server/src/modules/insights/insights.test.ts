import type { Selectable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataResponseSchema, errorBodySchema } from '@portal/contracts/api';
import {
  addDays,
  comparisonPeriods,
  insightsSchema,
  periodStart,
  type InsightsMetrics,
} from '@portal/contracts/insights';
import type { ApplicationsTable, TransactionsTable } from '../../db/schema.js';
import { MAIN_MERCHANT, RBC_MERCHANT } from '../../seed/demo-merchants.js';
import { seedDemoData } from '../../seed/seed.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { TEST_DIALECTS } from '../../test/test-database.js';
import { activePrograms, insertTransactionFixtures } from '../../test/transaction-fixtures.js';
import { authHeader, merchantIdByName, testConfig } from '../../test/tokens.js';
import { buildMissingRollups } from './service.js';
import { zonePeriods } from './zone-periods.js';

const answer = dataResponseSchema(insightsSchema);
type Row = Selectable<TransactionsTable>;
type Application = Selectable<ApplicationsTable>;
type Range = { from: string; to: string };
interface Oracle {
  rows: Row[];
  applications: Application[];
}
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day of an instant in a zone, worked out here by Intl, independently of the server. */
function dayIn(timeZone: string, iso: string): string {
  let format = dayFormats.get(timeZone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  return format.format(new Date(iso));
}

/** The figures of a range computed from the rows themselves: the oracle. */
function expectedMetrics(
  { rows, applications }: Oracle,
  timeZone: string,
  range: Range,
  programs?: readonly string[],
): InsightsMetrics {
  const inRange = (row: { created_at: string; program_id: string }) => {
    const day = dayIn(timeZone, row.created_at);
    return day >= range.from && day <= range.to && (programs?.includes(row.program_id) ?? true);
  };
  const kept = rows.filter(inRange);
  const begun = applications.filter(inRange);
  const approved = begun.filter((application) => application.decision === 'APPROVED').length;
  const decided = begun.filter((application) => application.decision !== null).length;
  const settled = kept.reduce((sum, row) => sum + row.settled, 0);
  const refunded = kept.reduce((sum, row) => sum + row.refunded, 0);
  const settledCount = kept.filter((row) => row.settled > 0).length;
  return {
    settledSales: { currency: 'USD', value: settled },
    transactionCount: kept.length,
    averageOrderValue:
      settledCount > 0 ? { currency: 'USD', value: Math.round(settled / settledCount) } : null,
    refundRate: settled > 0 ? refunded / settled : null,
    applications: begun.filter((application) => application.applied_at !== null).length,
    approvalRate: decided > 0 ? approved / decided : null,
  };
}

/** How far the applications begun in a range went, from the rows. */
function expectedFunnel({ rows, applications }: Oracle, timeZone: string, range: Range) {
  const begun = applications.filter((application) => {
    const day = dayIn(timeZone, application.created_at);
    return day >= range.from && day <= range.to;
  });
  const refunded = new Set(rows.filter((row) => row.refunded > 0).map((row) => row.id));
  return {
    checkoutStarted: begun.length,
    applied: begun.filter((application) => application.applied_at !== null).length,
    approved: begun.filter((application) => application.decision === 'APPROVED').length,
    purchased: begun.filter((application) => application.transaction_id !== null).length,
    refunded: begun.filter((application) => refunded.has(application.transaction_id ?? '')).length,
  };
}

describe('zone periods', () => {
  it('finds the clock changes of a zone to the minute', () => {
    const periods = zonePeriods('America/New_York');
    const change = periods.find((period) => period.starts_at.startsWith('2026-03-08'));
    expect(change).toEqual({
      starts_at: '2026-03-08T07:00:00.000Z',
      ends_at: '2026-11-01T06:00:00.000Z',
      offset_minutes: -240,
    });
    expect(
      zonePeriods('America/St_Johns').find((p) => p.starts_at.startsWith('2026-11'))?.offset_minutes,
    ).toBe(-210);
  });
});

describe.each(TEST_DIALECTS)('data insights (%s)', (dialect) => {
  const config = testConfig();
  let testApp: TestApp;
  let mainId: string;
  let programs: string[];
  let admin: Record<string, string>;
  let today: string;

  const call = (query: string, headers = admin) =>
    testApp.app.inject({ method: 'GET', url: `/api/insights?${query}`, headers });
  const insights = async (query: string) => {
    const response = await call(query);
    expect(response.statusCode, response.body).toBe(200);
    return answer.parse(response.json()).data;
  };
  const rowsOf = async (merchantId: string): Promise<Oracle> => {
    const { db } = testApp.database;
    return {
      rows: await db.selectFrom('transactions').selectAll().where('merchant_id', '=', merchantId).execute(),
      applications: await db
        .selectFrom('applications')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .execute(),
    };
  };
  const zoneOf = async (merchantId: string) =>
    (
      await testApp.database.db
        .selectFrom('merchants')
        .select('time_zone')
        .where('id', '=', merchantId)
        .executeTakeFirstOrThrow()
    ).time_zone;

  /** Every period's figures, the series and the program split agree with the rows. */
  const expectAgreement = async (range: Range, programIds?: readonly string[]) => {
    const timeZone = await zoneOf(mainId);
    const rows = await rowsOf(mainId);
    const programQuery = programIds?.map((id) => `&programID=${id}`).join('') ?? '';
    const data = await insights(`from=${range.from}&to=${range.to}${programQuery}`);
    const { previous, lastYear } = comparisonPeriods(range.from, range.to);
    expect(data.timeZone).toBe(timeZone);
    expect(data.periods).toEqual({ current: range, previous, lastYear });
    expect(data.metrics.current).toEqual(expectedMetrics(rows, timeZone, range, programIds));
    expect(data.metrics.previous).toEqual(expectedMetrics(rows, timeZone, previous, programIds));
    expect(data.metrics.lastYear).toEqual(expectedMetrics(rows, timeZone, lastYear, programIds));
    for (const point of data.series) {
      const end = data.series[data.series.indexOf(point) + 1]?.period ?? addDays(range.to, 1);
      const from = point.period < range.from ? range.from : point.period;
      const expected = expectedMetrics(rows, timeZone, { from, to: addDays(end, -1) }, programIds);
      expect(point.transactionCount).toBe(expected.transactionCount);
      expect(point.settledSales).toBe(expected.settledSales.value);
      expect(point.period).toBe(periodStart(from, data.granularity));
    }
    if (programIds === undefined) expect(data.funnel).toEqual(expectedFunnel(rows, timeZone, range));
    const split = data.splits.program.reduce((sum, row) => sum + row.settledSales, 0);
    expect(split).toBe(data.metrics.current.settledSales.value);
    return data;
  };

  beforeAll(async () => {
    testApp = await buildTestApp({ dialect, config });
    const { db } = testApp.database;
    await seedDemoData(db, { size: 'small' });
    mainId = await merchantIdByName(db, MAIN_MERCHANT);
    programs = (await activePrograms(db, mainId)).map((program) => program.id);
    admin = await authHeader(testApp.database, config, { role: 'ADMIN' });
    today = dayIn(await zoneOf(mainId), new Date().toISOString());
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('adds up the seeded rows per merchant day, for the period, the one before and last year', async () => {
    const data = await expectAgreement({ from: addDays(today, -89), to: today });
    expect(data.metrics.current.transactionCount).toBeGreaterThan(0);
    expect(data.funnel.refunded).toBeGreaterThan(0);
    expect(data.metrics.current.approvalRate).toBeGreaterThan(0);
    expect(data.granularity).toBe('week');
    expect(data.series[0]?.period).toBe(periodStart(addDays(today, -89), 'week'));
    await expectAgreement({ from: addDays(today, -400), to: addDays(today, -30) });
  });

  it('keeps rows written later at the right side of the merchant’s midnight, through the triggers', async () => {
    const timeZone = await zoneOf(mainId);
    const day = addDays(today, -3);
    // The merchant's midnight, found by walking the UTC hours of the day before and after.
    const candidates = Array.from({ length: 48 }, (_, hour) =>
      new Date(Date.parse(`${addDays(day, -1)}T00:00:00.000Z`) + hour * 3_600_000).toISOString(),
    );
    const midnight = candidates.find((iso) => dayIn(timeZone, iso) === day) ?? '';
    const before = new Date(Date.parse(midnight) - 1).toISOString();
    const [late, early] = await insertTransactionFixtures(testApp.database.db, [
      {
        merchant_id: mainId,
        program_id: programs[0] ?? '',
        created_at: before,
        status: 'SETTLED',
        settled: 7_001,
      },
      {
        merchant_id: mainId,
        program_id: programs[0] ?? '',
        created_at: midnight,
        status: 'SETTLED',
        settled: 3_003,
      },
    ]);
    expect(dayIn(timeZone, late?.created_at ?? '')).toBe(addDays(day, -1));
    expect(dayIn(timeZone, early?.created_at ?? '')).toBe(day);
    const oneDay = await expectAgreement({ from: day, to: day });
    expect(oneDay.granularity).toBe('day');
    // An action on a transaction moves its sums.
    await testApp.database.db
      .updateTable('transactions')
      .set({ status: 'REFUNDED', refunded: 1_000 })
      .where('id', '=', early?.id ?? '')
      .execute();
    const refunded = await expectAgreement({ from: day, to: day });
    expect(refunded.metrics.current.refundRate).toBeGreaterThan(0);
  });

  it('keeps the application steps and a purchase’s refund through the triggers', async () => {
    const { db } = testApp.database;
    const range = { from: addDays(today, -89), to: today };
    const before = await expectAgreement(range);
    const recent = await db
      .selectFrom('applications')
      .selectAll()
      .where('merchant_id', '=', mainId)
      .where('created_at', '>=', `${addDays(today, -60)}T00:00:00.000Z`)
      .orderBy('created_at')
      .execute();
    // An application still undecided is applied for and approved.
    const undecided = recent.find((application) => application.decision === null);
    expect(undecided).toBeDefined();
    const at = new Date().toISOString();
    await db
      .updateTable('applications')
      .set({ applied_at: at, decision: 'APPROVED', decided_at: at, updated_at: at })
      .where('id', '=', undecided?.id ?? '')
      .execute();
    const approved = await expectAgreement(range);
    expect(approved.funnel.approved).toBe(before.funnel.approved + 1);

    // A purchase that followed an application is refunded for the first time.
    const purchases = await db
      .selectFrom('transactions')
      .select(['id', 'settled'])
      .where('merchant_id', '=', mainId)
      .where('refunded', '=', 0)
      .where('settled', '>', 0)
      .where(
        'id',
        'in',
        recent.flatMap((application) => application.transaction_id ?? []),
      )
      .limit(1)
      .execute();
    const purchase = purchases[0];
    expect(purchase).toBeDefined();
    await db
      .updateTable('transactions')
      .set({ status: 'REFUNDED', refunded: purchase?.settled ?? 0 })
      .where('id', '=', purchase?.id ?? '')
      .execute();
    const refunded = await expectAgreement(range);
    expect(refunded.funnel.refunded).toBe(approved.funnel.refunded + 1);

    // A new application, begun today, and then one taken away.
    const template = recent[0];
    expect(template).toBeDefined();
    if (template === undefined) return;
    await db
      .insertInto('applications')
      .values({
        ...template,
        id: `${template.id}-again`,
        transaction_id: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    const added = await expectAgreement(range);
    expect(added.funnel.checkoutStarted).toBe(refunded.funnel.checkoutStarted + 1);
    await db.deleteFrom('applications').where('id', '=', `${template.id}-again`).execute();
    expect((await expectAgreement(range)).funnel).toEqual(refunded.funnel);
  });

  it('honours the program selection', async () => {
    expect(programs.length).toBeGreaterThan(0);
    await expectAgreement({ from: addDays(today, -60), to: today }, programs.slice(0, 1));
    const none = await insights(`from=${addDays(today, -60)}&to=${today}&programID=unknown-program`);
    expect(none.metrics.current.transactionCount).toBe(0);
  });

  it('rebuilds the days in the new zone after the merchant changes it', async () => {
    await testApp.database.db
      .updateTable('merchants')
      .set({ time_zone: 'America/St_Johns' })
      .where('id', '=', mainId)
      .execute();
    await expectAgreement({ from: addDays(today, -30), to: addDays(today, -1) });
    await testApp.database.db
      .updateTable('merchants')
      .set({ time_zone: 'America/New_York' })
      .where('id', '=', mainId)
      .execute();
    await expectAgreement({ from: addDays(today, -30), to: addDays(today, -1) });
  });

  it('builds every merchant’s roll-ups ahead of its first visit, and again in a zone it changed to', async () => {
    const { db } = testApp.database;
    await buildMissingRollups(db);
    const zones = () =>
      db
        .selectFrom('insights_rollup_zones')
        .select(['merchant_id', 'time_zone'])
        .orderBy('merchant_id')
        .execute();
    const merchants = await db.selectFrom('merchants').select(['id', 'time_zone']).orderBy('id').execute();
    expect(await zones()).toEqual(merchants.map((m) => ({ merchant_id: m.id, time_zone: m.time_zone })));
    expect(await buildMissingRollups(db)).toBe(0);

    const built = await db
      .selectFrom('transaction_local_daily_totals')
      .select((eb) => eb.fn.sum<string | number>('count').as('count'))
      .where('merchant_id', '=', mainId)
      .executeTakeFirstOrThrow();
    const rows = await db
      .selectFrom('transactions')
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .where('merchant_id', '=', mainId)
      .executeTakeFirstOrThrow();
    expect(Number(built.count)).toBe(Number(rows.count));

    const zone = await zoneOf(mainId);
    await db
      .updateTable('merchants')
      .set({ time_zone: 'America/Chicago' })
      .where('id', '=', mainId)
      .execute();
    expect(await buildMissingRollups(db)).toBe(1);
    expect((await zones()).find((row) => row.merchant_id === mainId)?.time_zone).toBe('America/Chicago');
    await db.updateTable('merchants').set({ time_zone: zone }).where('id', '=', mainId).execute();
    expect(await buildMissingRollups(db)).toBe(1);
  });

  it('refuses an end before the start, an end after today and more than two years', async () => {
    const refusal = async (query: string) => {
      const response = await call(query);
      expect(response.statusCode, response.body).toBe(422);
      const body = errorBodySchema.parse(response.json());
      expect(body.error.details?.[0]?.path).toBe('query.to');
      return body.error.reason;
    };
    expect(await refusal(`from=${today}&to=${addDays(today, -1)}`)).toBe('insights.range_end_before_start');
    expect(await refusal(`from=${today}&to=${addDays(today, 2)}`)).toBe('insights.range_in_future');
    expect(await refusal(`from=${addDays(today, -731)}&to=${today}`)).toBe('insights.range_too_long');
    await insights(`from=${addDays(today, -730)}&to=${today}`);
    expect((await call(`from=2026-02-30&to=${today}`)).statusCode).toBe(400);
    expect((await call(`to=${today}`)).statusCode).toBe(400);
  });

  it('answers every merchant role, and refuses staff without a chosen merchant and calls without a token', async () => {
    const query = `from=${addDays(today, -6)}&to=${today}`;
    for (const role of ['ADMIN', 'USER', 'READ_ONLY'] as const) {
      const headers = await authHeader(testApp.database, config, { role });
      expect((await call(query, headers)).statusCode).toBe(200);
    }
    const staff = await authHeader(testApp.database, config, { role: 'INTERNAL_ADMIN' });
    expect((await call(query, staff)).statusCode).toBe(403);
    expect((await call(query, {})).statusCode).toBe(401);
  });

  it("shows only the token's merchant's figures", async () => {
    const rbcId = await merchantIdByName(testApp.database.db, RBC_MERCHANT);
    const rbc = await authHeader(testApp.database, config, { role: 'ADMIN', merchantId: rbcId });
    const response = await call(`from=${addDays(today, -89)}&to=${today}`, rbc);
    expect(response.statusCode, response.body).toBe(200);
    const data = answer.parse(response.json()).data;
    const range = { from: addDays(today, -89), to: today };
    const expected = expectedMetrics(await rowsOf(rbcId), await zoneOf(rbcId), range);
    expect(data.metrics.current.transactionCount).toBe(expected.transactionCount);
    expect(data.metrics.current.settledSales.value).toBe(expected.settledSales.value);
  });
});
