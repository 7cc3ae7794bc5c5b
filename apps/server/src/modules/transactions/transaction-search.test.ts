import type { Selectable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dataResponseSchema } from '@portal/contracts/api';
import {
  SEARCH_COUNT_CAP,
  transactionListResponseSchema,
  transactionTotalsSchema,
} from '@portal/contracts/transactions';
import type { TransactionsTable } from '../../db/schema.js';
import { MAIN_MERCHANT, RBC_MERCHANT } from '../../seed/demo-merchants.js';
import { seedDemoData } from '../../seed/seed.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { TEST_DIALECTS } from '../../test/test-database.js';
import { activePrograms, insertTransactionFixtures } from '../../test/transaction-fixtures.js';
import { authHeader, merchantIdByName, testConfig } from '../../test/tokens.js';
import { searchColumns } from './repository.js';

type Row = Selectable<TransactionsTable>;
type Headers = Record<string, string>;

/** Whether a search for `term` should find the row: anywhere in its four fields, any case. */
function contains(row: Row, term: string): boolean {
  const needle = term.trim().replace(/\s+/g, ' ').toLowerCase();
  return [row.id, row.external_id, row.customer_name, row.customer_email].some((field) =>
    field.replace(/\s+/g, ' ').toLowerCase().includes(needle),
  );
}

/** Whether a one- or two-character term should find the row: at the start of a field, or of the surname. */
function startsWith(row: Row, term: string): boolean {
  const needle = term.toLowerCase();
  const surname = row.customer_name.toLowerCase().split(' ').at(-1) ?? '';
  return [row.id, row.external_id, row.customer_name, row.customer_email, surname].some((field) =>
    field.toLowerCase().startsWith(needle),
  );
}

describe.each(TEST_DIALECTS)('transaction search (%s)', (dialect) => {
  const config = testConfig();
  let testApp: TestApp;
  let mainId: string;
  let rbcId: string;
  let program: string;
  let admin: Headers;
  let rbcAdmin: Headers;

  const get = async (url: string, headers: Headers) => {
    const response = await testApp.app.inject({ method: 'GET', url, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<unknown>();
  };
  const list = async (query: Record<string, string>, headers: Headers = admin) =>
    transactionListResponseSchema.parse(
      await get(`/api/transactions?${new URLSearchParams({ limit: '100', ...query }).toString()}`, headers),
    ).data;
  const totals = async (search: string, headers: Headers = admin) =>
    dataResponseSchema(transactionTotalsSchema).parse(
      await get(`/api/transactions/totals?${new URLSearchParams({ search }).toString()}`, headers),
    ).data;
  const mainRows = () =>
    testApp.database.db.selectFrom('transactions').selectAll().where('merchant_id', '=', mainId).execute();

  /** The list (every page) and the totals find exactly the merchant's rows that `keep` keeps. */
  const expectFound = async (search: string, keep: (row: Row) => boolean) => {
    const expected = (await mainRows()).filter(keep);
    expect(expected.length, `"${search}" should find something`).toBeGreaterThan(0);
    const found: string[] = [];
    let page = await list({ search });
    found.push(...page.items.map((item) => item.id));
    while (page.nextCursor !== null) {
      page = await list({ search, cursor: page.nextCursor });
      found.push(...page.items.map((item) => item.id));
    }
    expect(found.sort()).toEqual(expected.map((row) => row.id).sort());
    expect(page.pagination).toMatchObject({ total: expected.length, totalIsCapped: false });
    expect(await totals(search)).toMatchObject({
      count: expected.length,
      gross: { value: expected.reduce((sum, row) => sum + row.total, 0) },
      countIsCapped: false,
    });
  };

  beforeAll(async () => {
    testApp = await buildTestApp({ dialect, config });
    const { db } = testApp.database;
    await seedDemoData(db, { size: 'small' });
    mainId = await merchantIdByName(db, MAIN_MERCHANT);
    rbcId = await merchantIdByName(db, RBC_MERCHANT);
    program = (await activePrograms(db, mainId))[0]?.id ?? '';
    const rbcProgram = (await activePrograms(db, rbcId))[0]?.id ?? '';
    await insertTransactionFixtures(db, [
      {
        merchant_id: mainId,
        program_id: program,
        id: 'feedc0de-1234-4abc-8def-0123456789ab',
        external_id: 'ORD-5501-XK',
        customer_name: 'Maria Garcia',
        customer_email: 'M.Garcia@Shop.example',
        total: 12_345,
      },
      // Special characters: a search must take them as plain text.
      {
        merchant_id: mainId,
        program_id: program,
        external_id: 'Q"UOTE-1',
        customer_name: 'Ann 100% Sure_Thing',
        customer_email: "o'brien@example.net",
      },
      // What `100%` and `sure_thing` would also find if % and _ were wildcards.
      {
        merchant_id: mainId,
        program_id: program,
        external_id: 'DECOY-1',
        customer_name: 'Ann 1000 SureXThing',
        customer_email: 'decoy@example.net',
      },
      { merchant_id: mainId, program_id: program, customer_name: 'Zoë Éclair' },
      // Another merchant's customer of the same name.
      {
        merchant_id: rbcId,
        program_id: rbcProgram,
        customer_name: 'Maria Garcia',
        customer_email: 'maria.garcia@rbc.example',
      },
    ]);
    admin = await authHeader(testApp.database, config, { role: 'ADMIN' });
    rbcAdmin = await authHeader(testApp.database, config, { role: 'ADMIN', merchantId: rbcId });
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('finds a term anywhere in the name, e-mail, order id and transaction id, any case', async () => {
    for (const term of ['arcia', 'ARCIA', 'garcia@shop', 'shop.EXAMPLE', '5501-x', 'c0de-1234', 'ria gar']) {
      await expectFound(term, (row) => contains(row, term));
    }
    // Accented letters match as written, in either case, as the prefix search did.
    await expectFound('ÉCLAIR', (row) => contains(row, 'éclair'));
    expect((await list({ search: 'eclair' })).items).toEqual([]);
  });

  it('takes %, _, quotes and backslashes as plain text', async () => {
    await expectFound('100%', (row) => contains(row, '100%'));
    await expectFound('sure_thing', (row) => contains(row, 'sure_thing'));
    await expectFound("o'brien", (row) => contains(row, "o'brien"));
    await expectFound('q"uote', (row) => contains(row, 'q"uote'));
    for (const term of ['%%%', '___', '"""', '\\\\\\', "'; --"]) {
      expect((await list({ search: term })).items, term).toEqual([]);
      expect(await totals(term)).toMatchObject({ count: 0, countIsCapped: false });
    }
  });

  it('matches terms of one or two characters at the start of a field only', async () => {
    await expectFound('ma', (row) => startsWith(row, 'ma'));
    await expectFound('GA', (row) => startsWith(row, 'ga'));
    const inside = await list({ search: 'rc' });
    expect(inside.items.map((item) => item.customer.name)).not.toContain('Maria Garcia');
  });

  it("never finds another merchant's transactions", async () => {
    const mine = await list({ search: 'maria garcia' });
    expect(mine.items.map((item) => item.id)).toEqual(['feedc0de-1234-4abc-8def-0123456789ab']);
    const theirs = await list({ search: 'maria garcia' }, rbcAdmin);
    expect(theirs.items.map((item) => item.customer.email)).toEqual(['maria.garcia@rbc.example']);
    expect((await list({ search: 'shop.example' }, rbcAdmin)).items).toEqual([]);
  });

  it('keeps the index in step with inserted, changed and deleted transactions', async () => {
    const { db } = testApp.database;
    expect((await list({ search: 'quillfeather' })).items).toEqual([]);
    const [row] = await insertTransactionFixtures(db, [
      { merchant_id: mainId, program_id: program, customer_name: 'Olive Quillfeather' },
    ]);
    const id = row?.id ?? '';
    expect((await list({ search: 'quillfeather' })).items.map((item) => item.id)).toEqual([id]);

    // A changed name and e-mail, with their search copies, as every write derives them.
    await db
      .updateTable('transactions')
      .set({
        customer_name: 'Olive Brambleworth',
        customer_email: 'olive@newmail.example',
        ...searchColumns(row?.external_id ?? '', 'Olive Brambleworth', 'olive@newmail.example'),
      })
      .where('id', '=', id)
      .execute();
    expect((await list({ search: 'quillfeather' })).items).toEqual([]);
    expect((await list({ search: 'bramble' })).items.map((item) => item.id)).toEqual([id]);
    expect((await list({ search: 'newmail' })).items.map((item) => item.id)).toEqual([id]);

    await db.deleteFrom('transactions').where('id', '=', id).execute();
    expect((await list({ search: 'bramble' })).items).toEqual([]);
  });

  it(`stops counting a search at ${SEARCH_COUNT_CAP.toLocaleString('en')} and says so, and still pages`, async () => {
    const { db } = testApp.database;
    await insertTransactionFixtures(
      db,
      Array.from({ length: SEARCH_COUNT_CAP + 5 }, (_, index) => ({
        merchant_id: mainId,
        program_id: program,
        external_id: `CROWD-${String(index).padStart(5, '0')}`,
        customer_name: 'Crowded Name',
        total: 100,
      })),
    );
    const first = await list({ search: 'rowded', limit: '25' });
    expect(first.items).toHaveLength(25);
    expect(first.pagination).toEqual({ offset: 0, limit: 25, total: SEARCH_COUNT_CAP, totalIsCapped: true });
    const second = await list({ search: 'rowded', limit: '25', cursor: first.nextCursor ?? '' });
    expect(second.pagination).toEqual({
      offset: 25,
      limit: 25,
      total: SEARCH_COUNT_CAP,
      totalIsCapped: true,
    });
    expect(second.items.map((item) => item.id)).not.toContain(first.items[0]?.id);
    const capped = await totals('rowded');
    expect(capped).toMatchObject({ count: SEARCH_COUNT_CAP, countIsCapped: true });
    // Lower bounds: at least the counted transactions' amounts, never more than all of them.
    expect(capped.gross.value).toBeGreaterThanOrEqual(SEARCH_COUNT_CAP * 100);
    expect(capped.gross.value).toBeLessThanOrEqual((SEARCH_COUNT_CAP + 5) * 100);
    // Without a search, the count is exact whatever its size.
    const all = await list({ limit: '25' });
    expect(all.pagination.totalIsCapped).toBe(false);
    expect(all.pagination.total).toBe((await mainRows()).length);
  });

  it('counts a capped search once: a later write cannot take a transaction out of it', async () => {
    const { db } = testApp.database;
    const late = (externalId: string) =>
      insertTransactionFixtures(db, [
        { merchant_id: mainId, program_id: program, external_id: externalId, customer_name: 'Crowded Late' },
      ]);
    await list({ search: 'rowded', limit: '25' });
    await list({ search: 'crowded late', limit: '25' });
    const run = vi.spyOn(db.getExecutor(), 'executeQuery');
    try {
      const statements = async (search: string) => {
        run.mockClear();
        const page = await list({ search, limit: '25' });
        return { count: run.mock.calls.length, pagination: page.pagination };
      };
      // Each insert raises the merchant's version: figures kept under the old one are not used.
      await late('CROWD-LATE-1');
      const capped = await statements('rowded');
      expect(capped.pagination).toMatchObject({ total: SEARCH_COUNT_CAP, totalIsCapped: true });
      await late('CROWD-LATE-2');
      const exact = await statements('crowded late');
      expect(exact.pagination).toMatchObject({ total: 2, totalIsCapped: false });
      // The session, the merchant with its version and the page; an exact count is read again.
      expect(capped.count).toBe(3);
      expect(exact.count).toBeGreaterThan(3);
    } finally {
      run.mockRestore();
    }
    const totalsAfter = await totals('rowded');
    expect(totalsAfter).toMatchObject({ count: SEARCH_COUNT_CAP, countIsCapped: true });
  });
});
