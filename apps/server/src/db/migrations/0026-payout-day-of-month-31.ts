import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../migration-helpers.js';

const CHECK = 'funding_configurations_day_of_month_check';
// The check of migration 0001, and the one that replaces it (frozen texts).
const BEFORE = 'payout_day_of_month between 1 and 28';
const AFTER = 'payout_day_of_month between 1 and 31';

/**
 * A monthly payout may name any day 1–31: in a shorter month a day 29–31 is paid on its last day (the
 * deposit calendar). The check on `funding_configurations` takes the wider range; rows are unchanged.
 * Frozen once landed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`alter table funding_configurations drop constraint ${sql.ref(CHECK)},
      add constraint ${sql.ref(CHECK)} check (
        (payout_frequency = 'MONTHLY' and payout_day_of_month is not null and ${sql.raw(AFTER)})
        or (payout_frequency <> 'MONTHLY' and payout_day_of_month is null))`.execute(db);
    return;
  }
  // SQLite changes a CHECK only by copying the table into one defined with the new check
  // (sqlite.org/lang_altertable.html). No table references this one, so foreign keys stay on.
  await db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ type: string; sql: string }>`select type, sql from sqlite_master
      where tbl_name = 'funding_configurations' and sql is not null`.execute(trx);
    const definition = rows.find((row) => row.type === 'table')?.sql ?? '';
    if (!definition.includes(BEFORE)) {
      throw new Error('funding_configurations is not as migration 0001 made it');
    }
    const copy = definition
      .replace('CREATE TABLE "funding_configurations"', 'create table "funding_configurations_new"')
      .replace(BEFORE, AFTER);
    await sql.raw(copy).execute(trx);
    await sql`insert into funding_configurations_new select * from funding_configurations`.execute(trx);
    await sql`drop table funding_configurations`.execute(trx);
    await sql`alter table funding_configurations_new rename to funding_configurations`.execute(trx);
    for (const index of rows.filter((row) => row.type === 'index')) await sql.raw(index.sql).execute(trx);
  });
}
