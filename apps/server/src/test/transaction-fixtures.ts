import { randomUUID } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import type { Database, TransactionsTable } from '../db/schema.js';
import { searchColumns } from '../modules/transactions/repository.js';
import { DAY_MS } from '@portal/contracts/constants';

type Fixture = Partial<Insertable<TransactionsTable>> &
  Pick<Insertable<TransactionsTable>, 'merchant_id' | 'program_id'>;

/**
 * A transaction row for tests: an authorized 100.00 USD online instalment created a day ago unless told
 * otherwise, with the search copies derived from the final values as the application derives them.
 */
export function transactionFixture(fixture: Fixture): Insertable<TransactionsTable> {
  const createdAt = fixture.created_at ?? new Date(Date.now() - DAY_MS).toISOString();
  const row = {
    id: randomUUID(),
    location_id: null,
    external_id: `T-${randomUUID().slice(0, 8)}`,
    product_type: 'INSTALLMENTS' as const,
    channel: 'ECOMM' as const,
    from_cart: 0 as const,
    currency: 'USD' as const,
    total: 10_000,
    tax: 0,
    shipping: 0,
    discount: 0,
    settled: 0,
    refunded: 0,
    cancelled: 0,
    status: 'AUTHORIZED' as const,
    customer_name: 'Test Customer',
    customer_email: 'test.customer@example.com',
    customer_phone: null,
    billing_address: null,
    shipping_address: null,
    authorized_at: createdAt,
    updated_at: createdAt,
    ...fixture,
    created_at: createdAt,
  };
  return { ...row, ...searchColumns(row.external_id, row.customer_name, row.customer_email) };
}

/** Inserts fixtures (through the triggers that keep the daily totals) and returns their rows. */
export async function insertTransactionFixtures(
  db: Kysely<Database>,
  fixtures: readonly Fixture[],
): Promise<Insertable<TransactionsTable>[]> {
  const rows = fixtures.map(transactionFixture);
  for (let start = 0; start < rows.length; start += 200) {
    await db
      .insertInto('transactions')
      .values(rows.slice(start, start + 200))
      .execute();
  }
  return rows;
}

/** The programs a merchant takes part in now, by id. */
export async function activePrograms(db: Kysely<Database>, merchantId: string) {
  return db
    .selectFrom('merchant_program_participations as mpp')
    .innerJoin('programs as p', 'p.id', 'mpp.program_id')
    .select(['p.id', 'p.channel'])
    .where('mpp.merchant_id', '=', merchantId)
    .where('mpp.deleted_at', 'is', null)
    .orderBy('p.id')
    .execute();
}
