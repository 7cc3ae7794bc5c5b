import { sql, type RawBuilder } from 'kysely';
import type { DatabaseHandle } from '../db/database.js';

/**
 * Copies the rows of `table` that `where` keeps (all when absent) from a database at the latest migration
 * into one migrated only up to an older migration: the seed writes today's schema, so a migration's test
 * seeds the one and carries what it needs into the other, column by column of the older table.
 */
export async function copyRows(
  from: DatabaseHandle,
  to: DatabaseHandle,
  table: string,
  where?: RawBuilder<boolean>,
) {
  const tables = await to.db.introspection.getTables();
  const columns = tables.find((candidate) => candidate.name === table)?.columns.map((column) => column.name);
  if (columns === undefined) throw new Error(`No table ${table} in the older database`);
  const { rows } = await sql<Record<string, unknown>>`
    select ${sql.join(columns.map((column) => sql.ref(column)))} from ${sql.table(table)}
    ${where === undefined ? sql`` : sql`where ${where}`}`.execute(from.db);
  for (const row of rows) {
    await sql`insert into ${sql.table(table)} (${sql.join(columns.map((column) => sql.ref(column)))})
      values (${sql.join(columns.map((column) => row[column]))})`.execute(to.db);
  }
}
