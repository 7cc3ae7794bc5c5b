import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database.js';
import { migrateToLatest } from '../../db/migrate.js';
import { seedDemoData } from '../../seed/seed.js';
import { copyRows } from '../../test/copy-rows.js';
import { TEST_DIALECTS, openTestDatabase } from '../../test/test-database.js';

const MIGRATION = '0013-cart-declined';

/** Each cart with its item and history counts, as one comparable list. */
async function cartsWithChildren(database: DatabaseHandle) {
  const { rows } = await sql<{ id: string; status: string; items: number | string; steps: number | string }>`
    select c.id, c.status,
      (select count(*) from cart_items i where i.cart_id = c.id) as items,
      (select count(*) from cart_status_history h where h.cart_id = c.id) as steps
    from carts c order by c.id`.execute(database.db);
  return rows.map((row) => ({ ...row, items: Number(row.items), steps: Number(row.steps) }));
}

describe.each(TEST_DIALECTS)(`migration ${MIGRATION} (%s)`, (dialect) => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    const seeded = await openTestDatabase(dialect);
    database = await openTestDatabase(dialect, MIGRATION);
    try {
      await seedDemoData(seeded.db, { size: 'small' });
      for (const table of ['tenants', 'merchants', 'programs', 'locations']) {
        await copyRows(seeded, database, table);
      }
      await copyRows(seeded, database, 'transactions', sql`id in (select transaction_id from carts)`);
      for (const table of ['carts', 'cart_items', 'cart_status_history']) {
        await copyRows(seeded, database, table);
      }
    } finally {
      await seeded.destroy();
    }
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('lets carts and their history be DECLINED, keeping every cart, item and history row', async () => {
    const before = await cartsWithChildren(database);
    expect(before.length).toBeGreaterThan(0);
    const declinable = before.find((cart) => cart.status === 'SENT');
    if (declinable === undefined) throw new Error('The demo data has no SENT cart');
    const decline = () =>
      database.db.updateTable('carts').set({ status: 'DECLINED' }).where('id', '=', declinable.id).execute();
    await expect(decline()).rejects.toThrow(/check/i);

    await migrateToLatest(database.db);

    expect(await cartsWithChildren(database)).toEqual(before);
    await decline();
    await database.db
      .insertInto('cart_status_history')
      .values({
        id: crypto.randomUUID(),
        cart_id: declinable.id,
        status: 'DECLINED',
        actor_type: 'CUSTOMER',
        actor_user_id: null,
        actor_email: 'shopper@example.com',
        created_at: new Date().toISOString(),
      })
      .execute();
    // The check still refuses what is no status, and the cascade from carts still holds.
    await expect(
      database.db
        .updateTable('carts')
        .set({ status: 'LOST' as 'SENT' })
        .where('id', '=', declinable.id)
        .execute(),
    ).rejects.toThrow(/check/i);
    await database.db.deleteFrom('carts').where('id', '=', declinable.id).execute();
    const left = await database.db
      .selectFrom('cart_status_history')
      .select('id')
      .where('cart_id', '=', declinable.id)
      .execute();
    expect(left).toEqual([]);
  });
});
