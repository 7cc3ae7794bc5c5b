import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizationExpiryCutoff } from '@portal/contracts/transactions';
import type { DatabaseHandle } from '../../db/database.js';
import { migrateToLatest } from '../../db/migrate.js';
import { searchKey } from '../../db/search-key.js';
import { MAIN_MERCHANT, RBC_MERCHANT } from '../../seed/demo-merchants.js';
import { seedDemoData } from '../../seed/seed.js';
import { copyRows } from '../../test/copy-rows.js';
import { TEST_DIALECTS, openTestDatabase } from '../../test/test-database.js';
import { merchantIdByName } from '../../test/tokens.js';
import { listTransactions, type TransactionFilter } from './repository.js';

const MIGRATION = '0031-transaction-substring-search';

describe.each(TEST_DIALECTS)(`migration ${MIGRATION} (%s)`, (dialect) => {
  let database: DatabaseHandle;
  let rbcId: string;

  beforeAll(async () => {
    const seeded = await openTestDatabase(dialect);
    database = await openTestDatabase(dialect, MIGRATION);
    try {
      await seedDemoData(seeded.db, { size: 'small' });
      rbcId = await merchantIdByName(seeded.db, RBC_MERCHANT);
      for (const table of ['tenants', 'merchants', 'programs', 'locations']) {
        await copyRows(seeded, database, table);
      }
      // Two merchants' transactions: those written before the migration, which it must index.
      const mainId = await merchantIdByName(seeded.db, MAIN_MERCHANT);
      await copyRows(
        seeded,
        database,
        'transactions',
        sql`merchant_id = ${rbcId} or (merchant_id = ${mainId} and created_at >= (
          select min(created_at) from (select created_at from transactions where merchant_id = ${mainId}
          order by created_at desc limit 200) newest))`,
      );
    } finally {
      await seeded.destroy();
    }
    await migrateToLatest(database.db);
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('indexes the transactions that were there before it, for substring searches', async () => {
    const { db } = database;
    const rows = await db
      .selectFrom('transactions')
      .select(['id', 'external_id', 'customer_name', 'customer_email'])
      .where('merchant_id', '=', rbcId)
      .execute();
    expect(rows.length).toBeGreaterThan(100);
    // Terms from inside a surname, an e-mail's domain part and an order id, never from their start.
    const sample = rows[Math.floor(rows.length / 2)];
    if (sample === undefined) throw new Error('No transaction to search for');
    const terms = [
      searchKey(sample.customer_name).split(' ').at(-1)?.slice(1, 5) ?? '',
      sample.customer_email.slice(sample.customer_email.indexOf('@') - 2).slice(0, 6),
      sample.external_id.slice(2, 7),
    ];
    for (const term of terms) {
      expect(term.length).toBeGreaterThanOrEqual(3);
      const filter: TransactionFilter = {
        merchantId: rbcId,
        expiryCutoff: authorizationExpiryCutoff(new Date()),
        search: searchKey(term),
      };
      const found = await listTransactions(db, filter, {
        sort: 'created_at',
        order: 'desc',
        limit: 1_000,
        offset: 0,
      });
      const expected = rows.filter((row) =>
        [row.id, row.external_id, row.customer_name, row.customer_email].some((field) =>
          searchKey(field).includes(searchKey(term)),
        ),
      );
      expect(found.map((row) => row.id).sort(), term).toEqual(expected.map((row) => row.id).sort());
      expect(found.map((row) => row.id)).toContain(sample.id);
    }
  });

  it('leaves an index that holds every transaction, as the database checks it', async () => {
    const { db } = database;
    if (dialect === 'sqlite') {
      // FTS5 compares its index with the transactions themselves and fails on any difference.
      await sql`insert into transactions_search (transactions_search, rank) values ('integrity-check', 1)`.execute(
        db,
      );
      return;
    }
    const { rows } = await sql<{ valid: boolean }>`
      select i.indisvalid as valid from pg_index i join pg_class c on c.oid = i.indexrelid
      where c.relname = 'transactions_search_trgm_idx'`.execute(db);
    expect(rows).toEqual([{ valid: true }]);
  });
});
