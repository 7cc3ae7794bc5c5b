import { PostgresAdapter, SqliteAdapter, sql, type QueryExecutorProvider, type RawBuilder } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

/** Which database a Kysely instance talks to, for the few places where their SQL differs. */
export function dialectOf(db: QueryExecutorProvider): Dialect {
  const adapter = db.getExecutor().adapter;
  if (adapter instanceof PostgresAdapter) return 'postgres';
  if (adapter instanceof SqliteAdapter) return 'sqlite';
  throw new Error('Only SQLite and PostgreSQL are supported');
}

/**
 * The column type of a point in time: `timestamptz` on PostgreSQL (read back as ISO text by the pool's
 * parsers) and ISO-8601 text on SQLite, which has no date type and compares such text in time order.
 */
export function timestampType(dialect: Dialect): 'timestamptz' | 'text' {
  return dialect === 'postgres' ? 'timestamptz' : 'text';
}

/** `column in ('A', 'B')`, with literals because DDL takes no parameters. */
export function isOneOf(column: string, values: readonly (string | number)[]): RawBuilder<unknown> {
  return sql`${sql.ref(column)} in (${sql.join(values.map((value) => sql.lit(value)))})`;
}

/** `column is null or column in (…)`. */
export function isNullOrOneOf(column: string, values: readonly (string | number)[]): RawBuilder<unknown> {
  return sql`${sql.ref(column)} is null or ${isOneOf(column, values)}`;
}
