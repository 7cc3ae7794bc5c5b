import { sql, type Kysely } from 'kysely';
import { dialectOf, isOneOf } from '../migration-helpers.js';

// The value lists as they were when this migration landed (migrations are frozen).
const BEFORE = ['ACTIVE', 'SENT', 'COMPLETED', 'EXPIRED'] as const;
const AFTER = ['ACTIVE', 'SENT', 'COMPLETED', 'DECLINED', 'EXPIRED'] as const;
/** The status checks of migration 0008, by table. */
const CHECKS = [
  ['carts', 'carts_status_check'],
  ['cart_status_history', 'cart_status_history_status_check'],
] as const;

/**
 * A cart the shopper declined through its link is DECLINED, a status of its own (it was left SENT). The
 * status checks of `carts` and `cart_status_history` take the new value. Frozen once landed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    for (const [table, constraint] of CHECKS) {
      await sql`alter table ${sql.table(table)} drop constraint ${sql.ref(constraint)},
        add constraint ${sql.ref(constraint)} check (${isOneOf('status', AFTER)})`.execute(db);
    }
    return;
  }
  // SQLite changes a CHECK only by rebuilding the table ("Making other kinds of table schema changes",
  // sqlite.org/lang_altertable.html): with foreign keys off, or dropping `carts` would delete its
  // items and history through their cascades. The migrator runs SQLite migrations outside a
  // transaction, where the pragma takes effect.
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      for (const [table, constraint] of CHECKS) {
        const before = sql`constraint ${sql.ref(constraint)} check (${isOneOf('status', BEFORE)})`;
        const after = sql`constraint ${sql.ref(constraint)} check (${isOneOf('status', AFTER)})`;
        await rebuildSqliteTable(trx, table, before.compile(trx).sql, after.compile(trx).sql);
      }
      const broken = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.rows.length > 0) throw new Error('A foreign key broke while rebuilding the cart tables');
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

/** Rebuilds a SQLite table from its own definition with one text replaced, keeping rows and indexes. */
async function rebuildSqliteTable(db: Kysely<unknown>, table: string, from: string, to: string) {
  const { rows } = await sql<{ type: string; sql: string }>`
    select type, sql from sqlite_master where tbl_name = ${table} and sql is not null`.execute(db);
  const definition = rows.find((row) => row.type === 'table')?.sql;
  // SQLite keeps the statement as it was given, with its first words in capitals.
  const prefix = `CREATE TABLE "${table}"`;
  if (definition?.startsWith(prefix) !== true || !definition.includes(from)) {
    throw new Error(`The table ${table} is not as migration 0008 made it`);
  }
  const rebuilt = `${table}_rebuilt`;
  await sql.raw(`create table "${rebuilt}"${definition.slice(prefix.length).replace(from, to)}`).execute(db);
  await sql`insert into ${sql.table(rebuilt)} select * from ${sql.table(table)}`.execute(db);
  await sql`drop table ${sql.table(table)}`.execute(db);
  await sql`alter table ${sql.table(rebuilt)} rename to ${sql.table(table)}`.execute(db);
  for (const index of rows.filter((row) => row.type === 'index')) await sql.raw(index.sql).execute(db);
}
