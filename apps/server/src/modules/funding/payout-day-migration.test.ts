import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database.js';
import { migrateToLatest } from '../../db/migrate.js';
import { seedDemoData } from '../../seed/seed.js';
import { copyRows } from '../../test/copy-rows.js';
import { TEST_DIALECTS, openTestDatabase } from '../../test/test-database.js';

const MIGRATION = '0026-payout-day-of-month-31';

describe.each(TEST_DIALECTS)(`migration ${MIGRATION} (%s)`, (dialect) => {
  let database: DatabaseHandle;
  const rows = () => database.db.selectFrom('funding_configurations').selectAll().orderBy('id').execute();
  const monthlyOn = (id: string, day: number) =>
    database.db
      .updateTable('funding_configurations')
      .set({ payout_frequency: 'MONTHLY', payout_weekday: null, payout_day_of_month: day })
      .where('id', '=', id)
      .execute();

  beforeAll(async () => {
    const seeded = await openTestDatabase(dialect);
    database = await openTestDatabase(dialect, MIGRATION);
    try {
      await seedDemoData(seeded.db, { size: 'small' });
      for (const table of ['tenants', 'merchants', 'funding_configurations']) {
        await copyRows(seeded, database, table);
      }
    } finally {
      await seeded.destroy();
    }
  });

  afterAll(async () => {
    await database.destroy();
  });

  it('keeps every funding configuration and lets a monthly payout name the days 29–31', async () => {
    const before = await rows();
    expect(before.length).toBeGreaterThan(0);
    const id = before[0]?.id ?? '';
    await expect(monthlyOn(id, 31)).rejects.toThrow();
    await migrateToLatest(database.db);
    expect(await rows()).toEqual(before);
    await monthlyOn(id, 31);
    await expect(monthlyOn(id, 32)).rejects.toThrow();
    await expect(
      database.db
        .updateTable('funding_configurations')
        .set({ payout_frequency: 'DAILY' })
        .where('id', '=', id)
        .execute(),
    ).rejects.toThrow();
  });
});
