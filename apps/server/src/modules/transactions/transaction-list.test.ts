import { sql, type Selectable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dataResponseSchema, errorBodySchema } from '@portal/contracts/api';
import { logoutEndpoint } from '@portal/contracts/auth-endpoints';
import { endpointUrl } from '@portal/contracts/endpoint';
import {
  locationOptionSchema,
  transactionListResponseSchema,
  transactionTotalsSchema,
  type Transaction,
  type TransactionStatus,
} from '@portal/contracts/transactions';
import { z } from 'zod';
import type { TransactionsTable } from '../../db/schema.js';
import { searchKey } from '../../db/search-key.js';
import { MAIN_MERCHANT, RBC_MERCHANT } from '../../seed/demo-merchants.js';
import { seedDemoData } from '../../seed/seed.js';
import { buildTestApp } from '../../test/test-app.js';
import type { TestApp } from '../../test/test-app.js';
import { TEST_DIALECTS } from '../../test/test-database.js';
import { activePrograms, insertTransactionFixtures } from '../../test/transaction-fixtures.js';
import { merchantContext } from '../merchants/service.js';
import { merchantContextWithVersion } from './kept-counts.js';
import { authHeader, merchantIdByName, testConfig } from '../../test/tokens.js';
import { DAY_MS } from '@portal/contracts/constants';

const listAnswer = transactionListResponseSchema;
const totalsAnswer = dataResponseSchema(transactionTotalsSchema);
const locationsAnswer = dataResponseSchema(z.object({ items: z.array(locationOptionSchema) }));
type Headers = Record<string, string>;
type Row = Selectable<TransactionsTable>;
type Params = Record<string, string | number | readonly string[]>;

const TIME_ZONE = 'America/New_York';
const TIED_AT = '2026-07-04T16:00:00.000Z';

function queryString(params: Params): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    for (const item of Array.isArray(value) ? value : [value]) search.append(name, String(item));
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

/** The status as the list shows it, worked out here independently of the server's code. */
function shown(row: Row, now: number): TransactionStatus {
  const lapsed = Date.parse(row.created_at) + 90 * DAY_MS <= now;
  return (row.status === 'PENDING' || row.status === 'AUTHORIZED') && lapsed ? 'EXPIRED' : row.status;
}

const localDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

function byCreatedDesc(a: Row, b: Row): number {
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? 1 : -1;
  return a.id < b.id ? 1 : -1;
}

describe.each(TEST_DIALECTS)('transaction list (%s)', (dialect) => {
  const config = testConfig();
  let testApp: TestApp;
  let mainId: string;
  let admin: Headers;
  /** Every transaction of the main merchant, read straight from the table: the oracle. */
  let rows: Row[];
  let now: number;

  const get = (url: string, headers: Headers = admin) => testApp.app.inject({ method: 'GET', url, headers });
  const page = async (params: Params) => {
    const response = await get(`/api/transactions${queryString(params)}`);
    expect(response.statusCode, response.body).toBe(200);
    return listAnswer.parse(response.json()).data;
  };
  /** Every item of a list, following the cursors, 100 at a time. */
  const everything = async (params: Params) => {
    const items: Transaction[] = [];
    let current = await page({ ...params, limit: 100 });
    items.push(...current.items);
    while (current.nextCursor !== null) {
      current = await page({ ...params, limit: 100, cursor: current.nextCursor });
      items.push(...current.items);
    }
    return { items, total: current.pagination.total };
  };
  const totals = async (params: Params) => {
    const response = await get(`/api/transactions/totals${queryString(params)}`);
    expect(response.statusCode, response.body).toBe(200);
    return totalsAnswer.parse(response.json()).data;
  };
  /** The list, its pagination total and its totals all agree with the oracle. */
  const expectFilter = async (params: Params, keep: (row: Row) => boolean) => {
    const expected = rows.filter(keep).sort(byCreatedDesc);
    expect(expected.length, 'a filter that selects nothing tests little').toBeGreaterThan(0);
    const listed = await everything(params);
    expect(listed.items.map((item) => item.id)).toEqual(expected.map((row) => row.id));
    expect(listed.total).toBe(expected.length);
    const sum = (pick: (row: Row) => number) => expected.reduce((total, row) => total + pick(row), 0);
    expect(await totals(params)).toEqual({
      count: expected.length,
      gross: { currency: 'USD', value: sum((row) => row.total) },
      settled: { currency: 'USD', value: sum((row) => row.settled) },
      refunded: { currency: 'USD', value: sum((row) => row.refunded) },
      countIsCapped: false,
    });
    return expected;
  };

  beforeAll(async () => {
    testApp = await buildTestApp({ dialect, config });
    const { db } = testApp.database;
    await seedDemoData(db, { size: 'small' });
    mainId = await merchantIdByName(db, MAIN_MERCHANT);
    const program = (await activePrograms(db, mainId))[0]?.id ?? '';
    // Thirty transactions at the very same instant, so that pages must order ties by id.
    await insertTransactionFixtures(
      db,
      Array.from({ length: 30 }, (_, index) => ({
        merchant_id: mainId,
        program_id: program,
        created_at: TIED_AT,
        external_id: `TIE-${String(index).padStart(2, '0')}`,
        status: 'SETTLED' as const,
        settled: 10_000,
      })),
    );
    // Text that a search must find by prefix, any case, in every searched field.
    await insertTransactionFixtures(db, [
      {
        merchant_id: mainId,
        program_id: program,
        id: 'abcdef12-0000-4000-8000-000000000001',
        external_id: 'Order-ÉTÉ-77',
        customer_name: 'Zélie  Marchand-Dubois',
        customer_email: 'Z.Marchand@Example.org',
      },
    ]);
    admin = await authHeader(testApp.database, config, { role: 'ADMIN' });
    rows = await db.selectFrom('transactions').selectAll().where('merchant_id', '=', mainId).execute();
    now = Date.now();
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('answers the newest first, 25 to a page, with the total, a cursor and the time zone', async () => {
    const first = await page({});
    expect(first.items).toHaveLength(25);
    expect(first.pagination).toEqual({ offset: 0, limit: 25, total: rows.length, totalIsCapped: false });
    expect(first.nextCursor).not.toBeNull();
    expect(first.timeZone).toBe(TIME_ZONE);
    expect(first.items.map((item) => item.id)).toEqual(
      [...rows]
        .sort(byCreatedDesc)
        .slice(0, 25)
        .map((row) => row.id),
    );
    const item = first.items[0];
    expect(item?.programName).not.toBe('');
    expect(item?.total.currency).toBe('USD');
  });

  it('walks every row once by cursor, in order, and by offset to the same pages', async () => {
    const all = await everything({});
    const expected = [...rows].sort(byCreatedDesc).map((row) => row.id);
    expect(all.items.map((item) => item.id)).toEqual(expected);
    expect(new Set(all.items.map((item) => item.id)).size).toBe(rows.length);

    const byOffset = await page({ offset: 50, limit: 50 });
    expect(byOffset.pagination).toEqual({ offset: 50, limit: 50, total: rows.length, totalIsCapped: false });
    expect(byOffset.items.map((item) => item.id)).toEqual(expected.slice(50, 100));
    const next = await page({ limit: 50, cursor: byOffset.nextCursor ?? '' });
    expect(next.pagination.offset).toBe(100);
    expect(next.items.map((item) => item.id)).toEqual(expected.slice(100, 150));
  });

  it('pages through rows tied on created_at without duplicates or gaps', async () => {
    const ids: string[] = [];
    let current = await page({ search: 'tie-', limit: 25 });
    ids.push(...current.items.map((item) => item.id));
    expect(current.pagination.total).toBe(30);
    current = await page({ search: 'tie-', limit: 25, cursor: current.nextCursor ?? '' });
    ids.push(...current.items.map((item) => item.id));
    expect(current.nextCursor).toBeNull();
    const tied = rows.filter((row) => row.created_at === TIED_AT).map((row) => row.id);
    expect(ids).toEqual([...tied].sort().reverse());
    for (const order of ['asc', 'desc'] as const) {
      const sorted = await everything({ search: 'tie-', sort: 'total', order });
      expect(sorted.items.map((item) => item.id)).toEqual(
        order === 'asc' ? [...tied].sort() : [...tied].sort().reverse(),
      );
    }
  });

  it('filters by each status as shown, expired authorizations included, and by several', async () => {
    for (const status of ['PENDING', 'AUTHORIZED', 'SETTLED', 'REFUNDED', 'CANCELLED', 'EXPIRED'] as const) {
      const listed = await expectFilter({ status }, (row) => shown(row, now) === status);
      expect(listed.every((row) => shown(row, now) === status)).toBe(true);
    }
    await expectFilter({ status: ['EXPIRED', 'REFUNDED'] }, (row) =>
      ['EXPIRED', 'REFUNDED'].includes(shown(row, now)),
    );
    await expectFilter({ status: 'PENDING,AUTHORIZED' }, (row) =>
      ['PENDING', 'AUTHORIZED'].includes(shown(row, now)),
    );
  });

  it("filters by days of the merchant's time zone, both ends included", async () => {
    const days = [...new Set(rows.map((row) => localDay.format(new Date(row.created_at))))].sort();
    const from = days[Math.floor(days.length / 3)] ?? '';
    const to = days[Math.floor(days.length / 2)] ?? '';
    await expectFilter({ from, to }, (row) => {
      const day = localDay.format(new Date(row.created_at));
      return day >= from && day <= to;
    });
    await expectFilter({ from: to }, (row) => localDay.format(new Date(row.created_at)) >= to);
    await expectFilter({ to: from }, (row) => localDay.format(new Date(row.created_at)) <= from);
    // One day, with a status: the roll-up and the edge hours add up.
    await expectFilter({ from, to: from, status: 'SETTLED' }, (row) => {
      return localDay.format(new Date(row.created_at)) === from && shown(row, now) === 'SETTLED';
    });
  });

  it('filters by programs (the program selection), location, product and channel', async () => {
    const programs = [...new Set(rows.map((row) => row.program_id))].sort();
    const two = programs.slice(0, 2);
    await expectFilter({ programID: two }, (row) => two.includes(row.program_id));
    await expectFilter({ programID: two.join(',') }, (row) => two.includes(row.program_id));
    const location = rows.find((row) => row.location_id !== null)?.location_id ?? '';
    await expectFilter({ locationID: location }, (row) => row.location_id === location);
    for (const productType of ['INSTALLMENTS', 'SPLITPAY', 'DEBT_CONSOLIDATION'] as const) {
      await expectFilter({ productType }, (row) => row.product_type === productType);
    }
    for (const channel of ['ECOMM', 'INSTORE'] as const) {
      await expectFilter({ channel }, (row) => row.channel === channel);
    }
    await expectFilter(
      { channel: 'INSTORE', status: ['SETTLED', 'EXPIRED'], programID: programs },
      (row) => row.channel === 'INSTORE' && ['SETTLED', 'EXPIRED'].includes(shown(row, now)),
    );
  });

  it('filters by an amount range, ends included', async () => {
    const totalsSorted = rows.map((row) => row.total).sort((a, b) => a - b);
    const low = totalsSorted[Math.floor(totalsSorted.length / 4)] ?? 0;
    const high = totalsSorted[Math.floor(totalsSorted.length / 2)] ?? 0;
    await expectFilter({ minAmount: low, maxAmount: high }, (row) => {
      const total = row.total;
      return total >= low && total <= high;
    });
    await expectFilter({ minAmount: high }, (row) => row.total >= high);
  });

  it('searches ids, order ids, names and e-mails, anywhere in them, any case', async () => {
    const target = rows.find((row) => row.external_id === 'Order-ÉTÉ-77');
    const searchOf = (term: string) => ({ search: term });
    const only = (row: Row) => row.id === target?.id;
    await expectFilter(searchOf('abcdef12-0000-4000-8000-000000000001'), only);
    await expectFilter(searchOf('ABCDEF12'), (row) => row.id.startsWith('abcdef12'));
    await expectFilter(searchOf('order-été'), only);
    await expectFilter(searchOf('  ZÉLIE   marchand '), only);
    await expectFilter(searchOf('marchand-dub'), only);
    await expectFilter(searchOf('z.marchand@example'), only);
    const some = rows.find((row) => row.external_id.startsWith('NOR-'));
    const name = some?.customer_name ?? '';
    const surname = name.split(' ').at(-1)?.toLowerCase() ?? '';
    await expectFilter(
      searchOf(surname.toUpperCase()),
      (row) =>
        row.customer_name.toLowerCase().includes(surname) ||
        row.customer_email.toLowerCase().includes(surname) ||
        row.external_id.toLowerCase().includes(surname) ||
        row.id.includes(surname),
    );
    await expectFilter(
      { search: some?.external_id ?? '', status: shown(some as Row, now) },
      (row) => row.id === some?.id,
    );
    const none = await page({ search: 'no such customer anywhere' });
    expect(none).toMatchObject({ items: [], pagination: { total: 0 }, nextCursor: null });
    expect(await totals({ search: '%' })).toMatchObject({ count: 0 });
  });

  it('sorts by date and by amount, both ways, ties by id', async () => {
    const byTotal = (order: 'asc' | 'desc') => (a: Row, b: Row) => {
      const difference = a.total - b.total || (a.id < b.id ? -1 : 1);
      return order === 'asc' ? difference : -difference;
    };
    for (const order of ['asc', 'desc'] as const) {
      const sorted = await everything({ sort: 'total', order, channel: 'INSTORE' });
      expect(sorted.items.map((item) => item.id)).toEqual(
        rows
          .filter((row) => row.channel === 'INSTORE')
          .sort(byTotal(order))
          .map((row) => row.id),
      );
    }
    const oldest = await page({ order: 'asc', limit: 50 });
    expect(oldest.items.map((item) => item.id)).toEqual(
      [...rows]
        .sort(byCreatedDesc)
        .reverse()
        .slice(0, 50)
        .map((row) => row.id),
    );
  });

  it('sorts by order id, settled and refunded, both ways, ties by id, each read from its index', async () => {
    const keys: Record<string, (row: Row) => string | number> = {
      externalID: (row) => searchKey(row.external_id),
      settled: (row) => row.settled,
      refunded: (row) => row.refunded,
    };
    for (const [sort, key] of Object.entries(keys)) {
      for (const order of ['asc', 'desc'] as const) {
        const sorted = await everything({ sort, order, channel: 'ECOMM' });
        const expected = rows
          .filter((row) => row.channel === 'ECOMM')
          .sort((a, b) => {
            const [x, y] = [key(a), key(b)];
            const difference = x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : 1;
            return order === 'asc' ? difference : -difference;
          });
        expect(
          sorted.items.map((item) => item.id),
          `${sort} ${order}`,
        ).toEqual(expected.map((row) => row.id));
      }
    }
    // Each sort has an index that leads with the merchant and ends in the keyset order.
    const { db } = testApp.database;
    const indexes =
      dialect === 'sqlite'
        ? await sql<{ name: string; definition: string }>`
            select name, sql as definition from sqlite_master where tbl_name = 'transactions' and type = 'index' and sql is not null`.execute(
            db,
          )
        : await sql<{ name: string; definition: string }>`
            select indexname as name, indexdef as definition from pg_indexes where tablename = 'transactions'`.execute(
            db,
          );
    const definitions = indexes.rows.map((row) => row.definition.replaceAll('"', '').replace(/\s+/g, ' '));
    for (const column of ['created_at', 'search_external_id', 'total', 'settled', 'refunded']) {
      expect(
        definitions.some((definition) => definition.includes(`(merchant_id, ${column}, id)`)),
        column,
      ).toBe(true);
    }
  });

  it('computes labels from the amounts', async () => {
    const all = await everything({});
    const labels = new Set(all.items.map((item) => item.label));
    for (const label of ['PARTIALLY_SETTLED', 'PARTIALLY_REFUNDED', 'REFUNDED', 'SETTLED', 'EXPIRED']) {
      expect(labels).toContain(label);
    }
    for (const item of all.items) {
      if (item.label === 'PARTIALLY_REFUNDED') expect(item.refunded.value).toBeLessThan(item.settled.value);
      if (item.label === 'PARTIALLY_SETTLED') {
        expect(item.settled.value + item.cancelled.value).toBeLessThan(item.total.value);
      }
    }
  });

  it('refuses what it cannot answer with 400 and the field', async () => {
    const first = await page({ status: 'SETTLED' });
    const cases: [Params, string][] = [
      [{ limit: 30 }, 'query.limit'],
      [{ offset: 10_001 }, 'query.offset'],
      [{ status: 'LOST' }, 'query.status.0'],
      [{ from: '2026-02-30' }, 'query.from'],
      [{ from: '2026-05-02', to: '2026-05-01' }, 'query.to'],
      [{ minAmount: 500, maxAmount: 100 }, 'query.maxAmount'],
      [{ sort: 'customer' }, 'query.sort'],
      [{ unknown: 'x' }, 'query.unknown'],
      [{ cursor: first.nextCursor ?? '', offset: 25 }, 'query.offset'],
      [{ cursor: 'not-a-cursor' }, 'query.cursor'],
      [{ cursor: first.nextCursor ?? '', status: 'REFUNDED' }, 'query.cursor'],
    ];
    for (const [params, path] of cases) {
      const response = await get(`/api/transactions${queryString(params)}`);
      expect(response.statusCode, JSON.stringify(params)).toBe(400);
      const { error } = errorBodySchema.parse(response.json());
      expect(
        error.details?.map((detail) => detail.path),
        JSON.stringify(params),
      ).toContain(path);
    }
  });

  it('shows a merchant only its own transactions, in its currency', async () => {
    const rbcId = await merchantIdByName(testApp.database.db, RBC_MERCHANT);
    const rbcAdmin = await authHeader(testApp.database, config, { role: 'ADMIN', merchantId: rbcId });
    const response = await get('/api/transactions?limit=100', rbcAdmin);
    const listed = listAnswer.parse(response.json()).data;
    const own = await testApp.database.db
      .selectFrom('transactions')
      .select('id')
      .where('merchant_id', '=', rbcId)
      .execute();
    expect(listed.pagination.total).toBe(own.length);
    expect(listed.items.every((item) => item.total.currency === 'CAD')).toBe(true);
    const mainIds = new Set(rows.map((row) => row.id));
    expect(listed.items.some((item) => mainIds.has(item.id))).toBe(false);
  });

  it('needs a token and a chosen merchant, and lets READ users list', async () => {
    expect((await get('/api/transactions', {})).statusCode).toBe(401);
    expect((await get('/api/transactions/totals', {})).statusCode).toBe(401);
    const staff = await authHeader(testApp.database, config, { role: 'INTERNAL_SUPPORT' });
    const unchosen = await get('/api/transactions', staff);
    expect(errorBodySchema.parse(unchosen.json()).error).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Choose a merchant first',
    });
    const reader = await authHeader(testApp.database, config, { role: 'READ_ONLY' });
    expect((await get('/api/transactions', reader)).statusCode).toBe(200);
  });

  it('reads a first page in three statements: the session, the merchant with its version, the page', async () => {
    // Asked once first: the token's signature and the page's count are then kept, as in steady use.
    await page({ limit: 25 });
    await totals({});
    const executor = testApp.database.db.getExecutor();
    const run = vi.spyOn(executor, 'executeQuery');
    try {
      const statements = async (call: () => Promise<unknown>) => {
        run.mockClear();
        await call();
        return run.mock.calls.map(([query]) => query.sql);
      };
      const listed = await statements(() => page({ limit: 25 }));
      expect(listed, listed.join('\n')).toHaveLength(3);
      expect(listed[0]).toContain('sign_in_sessions');
      expect(listed[1]).toContain('transaction_versions');
      expect(listed[1]).toContain('"merchants"');
      expect(listed[2]).toContain('"programs"');
      // The totals read the same merchant and version, then take the kept figures.
      const summed = await statements(() => totals({}));
      expect(summed, summed.join('\n')).toHaveLength(2);
      expect(summed[1]).toBe(listed[1]);
    } finally {
      run.mockRestore();
    }
  });

  it('refuses a signed-out token at the very next call, right after a page it answered', async () => {
    const own = await authHeader(testApp.database, config, { role: 'ADMIN' });
    expect((await get('/api/transactions?limit=25', own)).statusCode).toBe(200);
    const logout = await testApp.app.inject({
      method: 'POST',
      url: endpointUrl(logoutEndpoint),
      headers: own,
    });
    expect(logout.statusCode).toBe(204);
    expect((await get('/api/transactions?limit=25', own)).statusCode).toBe(401);
    expect((await get('/api/transactions/totals', own)).statusCode).toBe(401);
    // Others' sign-ins go on.
    expect((await get('/api/transactions?limit=25')).statusCode).toBe(200);
  });

  it('reads the merchant with its version, and refuses an unknown merchant with 403', async () => {
    const { db } = testApp.database;
    const stored = await db
      .selectFrom('transaction_versions')
      .select('version')
      .where('merchant_id', '=', mainId)
      .executeTakeFirstOrThrow();
    const read = await merchantContextWithVersion(db, mainId);
    expect(read).toEqual({ context: await merchantContext(db, mainId), version: stored.version });
    expect(read.context).toMatchObject({ merchantId: mainId, timeZone: TIME_ZONE, currency: 'USD' });
    await expect(
      merchantContextWithVersion(db, '00000000-0000-4000-8000-00000000dead'),
    ).rejects.toMatchObject({
      status: 403,
    });
  });

  it("lists the merchant's locations for the location filter", async () => {
    const response = await get('/api/transactions/locations');
    const { items } = locationsAnswer.parse(response.json()).data;
    expect(items).toHaveLength(6);
    expect(items.map((item) => item.name)).toEqual([...items.map((item) => item.name)].sort());
    expect(items.filter((item) => item.status === 'INACTIVE')).toHaveLength(1);
    const used = new Set(rows.flatMap((row) => (row.location_id === null ? [] : [row.location_id])));
    expect([...used].every((id) => items.some((item) => item.id === id))).toBe(true);
  });

  it('keeps counts exact across writes made past this server, as another instance would make them', async () => {
    const { db } = testApp.database;
    const program = rows[0]?.program_id ?? '';
    const totalOf = async (params: Params) => (await page(params)).pagination.total;
    const counts = async () => ({
      all: await totalOf({}),
      program: await totalOf({ programID: program }),
      large: await totalOf({ minAmount: 900_000_00 }),
      gross: (await totals({})).gross.value,
    });
    // Asked twice: the second answer is the kept one.
    const before = await counts();
    expect(await counts()).toEqual(before);
    const id = 'c0ffee00-0000-4000-8000-000000000034';
    const template = rows.find((row) => row.program_id === program && row.total < 900_000_00);
    if (template === undefined) throw new Error('The demo data has no transaction to copy');
    await db
      .insertInto('transactions')
      .values({ ...template, id, external_id: 'KEPT-COUNT-1' })
      .execute();
    try {
      expect(await counts()).toEqual({
        ...before,
        all: before.all + 1,
        program: before.program + 1,
        gross: before.gross + template.total,
      });
      await db.updateTable('transactions').set({ total: 950_000_00 }).where('id', '=', id).execute();
      expect(await counts()).toEqual({
        all: before.all + 1,
        program: before.program + 1,
        large: before.large + 1,
        gross: before.gross + 950_000_00,
      });
    } finally {
      await db.deleteFrom('transactions').where('id', '=', id).execute();
    }
    expect(await counts()).toEqual(before);
  });
});
