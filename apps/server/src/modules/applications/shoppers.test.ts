import { randomUUID } from 'node:crypto';
import type { Insertable, Selectable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database.js';
import type { ApplicationsTable } from '../../db/schema.js';
import { MAIN_MERCHANT } from '../../seed/demo-merchants.js';
import { seedDemoData } from '../../seed/seed.js';
import { openTestDatabase, TEST_DIALECTS } from '../../test/test-database.js';
import { activePrograms } from '../../test/transaction-fixtures.js';
import { merchantIdByName } from '../../test/tokens.js';
import { listShoppers, type ShopperSelection } from './repository.js';

type Application = Selectable<ApplicationsTable>;

/** Another bread merchant of the demo data. */
const OTHER_MERCHANT = 'Lakeside Furniture Co.';
const ALL = 1_000_000;

const iso = (value: unknown): string | null =>
  value === null ? null : new Date(value as string | Date).toISOString();

/**
 * The selection's shoppers worked out the plain way, from every application of the merchant: what the
 * query must answer, row for row, whichever applications it reads and however it reads them.
 */
function expectedShoppers(applications: readonly Application[], selection: ShopperSelection) {
  const { start, end } = selection;
  const inWindow = (time: string | null) => time !== null && time >= start && time < end;
  const completed = new Set(
    applications
      .filter((row) => {
        const at = iso(row.checkout_completed_at);
        return at !== null && at >= start;
      })
      .map((row) => row.customer_email),
  );
  const byShopper = new Map<string, Application[]>();
  for (const row of applications) {
    if (selection.programIds !== undefined && !selection.programIds.includes(row.program_id)) continue;
    if (!inWindow(iso(row.prequalified_at)) && !inWindow(iso(row.applied_at))) continue;
    byShopper.set(row.customer_email, [...(byShopper.get(row.customer_email) ?? []), row]);
  }
  const rows = [...byShopper].flatMap(([email, rowsOfShopper]) => {
    if (completed.has(email)) return [];
    const latest = [...rowsOfShopper].sort((a, b) => {
      const [first, second] = [iso(a.created_at) ?? '', iso(b.created_at) ?? ''];
      return first === second ? (a.id < b.id ? 1 : -1) : first < second ? 1 : -1;
    })[0];
    if (latest === undefined) return [];
    const prequalified = rowsOfShopper.map((row) => iso(row.prequalified_at)).filter((at) => at !== null);
    const hasFinancing = rowsOfShopper.some((row) => row.decision === 'APPROVED') ? 1 : 0;
    if (selection.hasFinancing !== undefined && hasFinancing !== (selection.hasFinancing ? 1 : 0)) return [];
    const started = iso(latest.checkout_started_at);
    if (selection.checkoutStarted !== undefined && (started !== null) !== selection.checkoutStarted)
      return [];
    return [
      {
        customer_email: email,
        customer_name: latest.customer_name,
        latest_prequalified_at: prequalified.sort().at(-1) ?? null,
        has_financing: hasFinancing,
        checkouts: rowsOfShopper.filter((row) => row.checkout_started_at !== null).length,
        latest_checkout_started_at: started,
        cart_amount: latest.cart_amount,
        currency: latest.currency,
      },
    ];
  });
  return rows.sort((a, b) => {
    if (a.latest_prequalified_at !== b.latest_prequalified_at) {
      if (a.latest_prequalified_at === null) return 1;
      if (b.latest_prequalified_at === null) return -1;
      return a.latest_prequalified_at < b.latest_prequalified_at ? 1 : -1;
    }
    return a.customer_email < b.customer_email ? -1 : 1;
  });
}

describe.each(TEST_DIALECTS)('the targeting export read from the window (%s)', (dialect) => {
  let database: DatabaseHandle;
  let mainId: string;
  let otherId: string;
  let programs: string[];

  const applicationsOf = (merchantId: string) =>
    database.db.selectFrom('applications').selectAll().where('merchant_id', '=', merchantId).execute();

  /** The query's rows, in the reference's shape, with the count each row carries. */
  async function answered(selection: ShopperSelection) {
    const rows = await listShoppers(database.db, selection, ALL);
    return {
      total: rows[0]?.total ?? 0,
      rows: rows.map(({ total: _total, ...row }) => ({
        ...row,
        latest_prequalified_at: iso(row.latest_prequalified_at),
        latest_checkout_started_at: iso(row.latest_checkout_started_at),
      })),
    };
  }

  /** Windows of the seeded history (it ends on 2026-11-01) with every filter, alone and together. */
  function selections(merchantId: string): ShopperSelection[] {
    const windows = [
      { start: '2026-10-02T04:00:00.000Z', end: '2026-11-01T04:00:00.000Z' },
      { start: '2025-11-01T04:00:00.000Z', end: '2026-11-01T04:00:00.000Z' },
      { start: '2026-06-10T04:00:00.000Z', end: '2026-06-11T04:00:00.000Z' },
    ];
    const none = { programIds: undefined, hasFinancing: undefined, checkoutStarted: undefined };
    return windows.flatMap((window) => [
      { merchantId, ...window, ...none },
      { merchantId, ...window, ...none, programIds: programs.slice(0, 1) },
      { merchantId, ...window, ...none, hasFinancing: true },
      { merchantId, ...window, ...none, hasFinancing: false, checkoutStarted: false },
      { merchantId, ...window, ...none, checkoutStarted: true, programIds: programs },
    ]);
  }

  async function expectSameAsReference(merchantId: string): Promise<number> {
    const applications = await applicationsOf(merchantId);
    let shoppers = 0;
    for (const selection of selections(merchantId)) {
      const expected = expectedShoppers(applications, selection);
      const answer = await answered(selection);
      expect(answer.rows).toEqual(expected);
      expect(answer.total).toBe(expected.length);
      shoppers += expected.length;
    }
    return shoppers;
  }

  beforeAll(async () => {
    database = await openTestDatabase(dialect);
    await seedDemoData(database.db, { size: 'small' });
    mainId = await merchantIdByName(database.db, MAIN_MERCHANT);
    otherId = await merchantIdByName(database.db, OTHER_MERCHANT);
    programs = (await activePrograms(database.db, mainId)).map((program) => program.id);
  });

  afterAll(async () => {
    await database.destroy();
  });

  it("answers, for every window and filter, exactly the shoppers worked out from all the merchant's applications", async () => {
    // Not an empty comparison: the seeded history has shoppers in these windows.
    expect(await expectSameAsReference(mainId)).toBeGreaterThan(100);
  });

  it('stays exact after new applications, a completed checkout and a shopper of another merchant', async () => {
    const [latest] = await listShoppers(database.db, selections(mainId)[0] as ShopperSelection, 1);
    const shopper = latest?.customer_email ?? '';
    expect(shopper).not.toBe('');
    const application = (
      merchantId: string,
      programId: string,
      email: string,
      steps: Partial<Insertable<ApplicationsTable>>,
    ): Insertable<ApplicationsTable> => ({
      id: randomUUID(),
      merchant_id: merchantId,
      program_id: programId,
      channel: 'ECOMM',
      product_type: 'INSTALLMENTS',
      location_id: null,
      customer_name: 'Returning Shopper',
      customer_email: email,
      currency: 'USD',
      cart_amount: 12_345,
      created_at: '2026-10-20T15:00:00.000Z',
      updated_at: '2026-10-20T15:00:00.000Z',
      ...steps,
    });
    const otherProgram = (await activePrograms(database.db, otherId))[0]?.id ?? '';
    await database.db
      .insertInto('applications')
      .values([
        // A new shopper who applied and left the checkout.
        application(mainId, programs[0] ?? '', 'new.shopper@target.test', {
          applied_at: '2026-10-20T15:00:00.000Z',
          decision: 'APPROVED',
          decided_at: '2026-10-20T15:01:00.000Z',
          checkout_started_at: '2026-10-20T15:02:00.000Z',
        }),
        // The newest shopper of the month completed a checkout since: no longer a target.
        application(mainId, programs[0] ?? '', shopper, {
          applied_at: '2026-10-25T15:00:00.000Z',
          decision: 'APPROVED',
          decided_at: '2026-10-25T15:01:00.000Z',
          checkout_started_at: '2026-10-25T15:02:00.000Z',
          checkout_completed_at: '2026-10-25T15:03:00.000Z',
          created_at: '2026-10-25T15:00:00.000Z',
        }),
        // Another merchant's shopper, in the same window, with the new shopper's e-mail.
        application(otherId, otherProgram, 'new.shopper@target.test', {
          prequalified_at: '2026-10-21T15:00:00.000Z',
        }),
      ])
      .execute();
    await expectSameAsReference(mainId);
    await expectSameAsReference(otherId);
    const month = selections(mainId)[0] as ShopperSelection;
    const emails = (await listShoppers(database.db, month, ALL)).map((row) => row.customer_email);
    expect(emails).toContain('new.shopper@target.test');
    expect(emails).not.toContain(shopper);
    const otherMonth = { ...month, merchantId: otherId };
    const other = await listShoppers(database.db, otherMonth, ALL);
    // Each merchant's shopper is its own: the other's row is its prequalification, not main's application.
    const theirs = other.find((row) => row.customer_email === 'new.shopper@target.test');
    expect(theirs?.has_financing).toBe(0);
    expect(theirs?.latest_checkout_started_at).toBeNull();
  });
});
