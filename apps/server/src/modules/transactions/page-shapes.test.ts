import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizationExpiryCutoff } from '@portal/contracts/transactions';
import type { DatabaseHandle } from '../../db/database.js';
import { MAIN_MERCHANT, RBC_MERCHANT } from '../../seed/demo-merchants.js';
import { seedDemoData } from '../../seed/seed.js';
import { openTestDatabase, TEST_DIALECTS } from '../../test/test-database.js';
import { activePrograms } from '../../test/transaction-fixtures.js';
import { merchantIdByName } from '../../test/tokens.js';
import { compiledPageQuery } from './page-shapes.js';
import {
  listTransactions,
  pageQuery,
  type PageRequest,
  type ScanHints,
  type TransactionFilter,
} from './repository.js';

type Call = [TransactionFilter, PageRequest, ScanHints];

describe.each(TEST_DIALECTS)('page query shapes (%s)', (dialect) => {
  let database: DatabaseHandle;
  let main: string;
  let rbc: string;
  let programs: string[];
  const expiryCutoff = authorizationExpiryCutoff(new Date());
  const first: PageRequest = { sort: 'created_at', order: 'desc', limit: 26, offset: 0 };

  beforeAll(async () => {
    database = await openTestDatabase(dialect);
    await seedDemoData(database.db, { size: 'small' });
    main = await merchantIdByName(database.db, MAIN_MERCHANT);
    rbc = await merchantIdByName(database.db, RBC_MERCHANT);
    programs = (await activePrograms(database.db, main)).map((program) => program.id);
  });

  afterAll(async () => {
    await database.destroy();
  });

  /** Lists of one shape with other values, of other shapes, and of both merchants. */
  function calls(): Call[] {
    const shapes: Call[] = [];
    for (const merchantId of [main, rbc]) {
      const filter: TransactionFilter = { merchantId, expiryCutoff };
      shapes.push(
        [filter, first, {}],
        [filter, { ...first, limit: 51, offset: 50 }, {}],
        [filter, { ...first, sort: 'total', order: 'asc' }, {}],
        [filter, { ...first, after: { key: '2026-05-01T00:00:00.000Z', id: 'tx_9' } }, {}],
        [filter, { ...first, sort: 'settled', after: { key: 1500, id: 'tx_1' } }, {}],
        [{ ...filter, createdFrom: '2026-01-01T05:00:00.000Z' }, first, {}],
        [
          { ...filter, createdFrom: '2026-02-01T05:00:00.000Z', createdBefore: '2026-03-01T05:00:00.000Z' },
          first,
          {},
        ],
        [{ ...filter, statuses: ['SETTLED'] }, first, {}],
        [{ ...filter, statuses: ['EXPIRED', 'AUTHORIZED'] }, first, {}],
        [{ ...filter, programIds: programs.slice(0, 1) }, first, {}],
        [{ ...filter, programIds: programs.slice(0, 2) }, first, {}],
        [{ ...filter, programIds: programs.slice(1, 3) }, first, {}],
        [{ ...filter, productType: 'SPLITPAY', channel: 'ECOMM' }, first, {}],
        [{ ...filter, locationId: 'location-1' }, first, {}],
        [{ ...filter, minAmount: 1_000 }, first, {}],
        [{ ...filter, minAmount: 1_000, maxAmount: 50_000 }, first, { amount: true }],
        [{ ...filter, minAmount: 2_000, maxAmount: 40_000 }, first, { amount: false }],
        [{ ...filter, search: 'smith' }, first, { search: false }],
      );
    }
    return shapes;
  }

  it('gives each call the text and values Kysely builds for it, from a shape compiled once', () => {
    const built = (call: Call) => pageQuery(database.db, ...call).compile();
    const compiled = (call: Call) => compiledPageQuery(database.db, ...call, pageQuery);
    // Twice over, the second time in the other order: from shapes compiled by other calls.
    for (const call of [...calls(), ...calls().reverse()]) {
      const expected = built(call);
      const actual = compiled(call);
      expect(actual.sql).toBe(expected.sql);
      expect(actual.parameters).toEqual(expected.parameters);
    }
  });

  it("never answers one merchant's page with another's rows", async () => {
    for (const merchantId of [main, rbc, main]) {
      const rows = await listTransactions(database.db, { merchantId, expiryCutoff }, first);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((row) => row.merchant_id === merchantId)).toBe(true);
      const own = await database.db
        .selectFrom('transactions')
        .select('id')
        .where('merchant_id', '=', merchantId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(26)
        .execute();
      expect(rows.map((row) => row.id)).toEqual(own.map((row) => row.id));
    }
  });

  it('writes a merchant id into the text only as a quoted literal', async () => {
    const merchantId = `${main}' or '1' = '1`;
    const rows = await listTransactions(database.db, { merchantId, expiryCutoff }, first);
    expect(rows).toEqual([]);
  });
});
