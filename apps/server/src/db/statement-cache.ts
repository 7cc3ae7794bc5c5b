import type SqliteDatabase from 'better-sqlite3';
import type { SqliteDatabase as KyselySqliteDatabase } from 'kysely';

/**
 * Statements kept per connection. The server sends a few hundred distinct SQL texts (Kysely compiles
 * the same text for the same query shape, values go as parameters); the bound keeps a caller that builds
 * texts with values inside (`sql.raw`) from growing it without end.
 */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * The connection as Kysely's SQLite dialect sees it, with its prepared statements kept by SQL text
 * (least recently used out first). Kysely's driver prepares every query again, which was a sixth of a
 * simple API call's time: SQLite parses and plans the text each time. A statement still being iterated
 * (a stream not yet finished) cannot run a second time, so a busy one is not handed out: that call gets
 * a statement of its own.
 */
export function withStatementCache(
  database: SqliteDatabase.Database,
  capacity = STATEMENT_CACHE_SIZE,
): KyselySqliteDatabase {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    close() {
      statements.clear();
      database.close();
    },
    prepare(sql: string) {
      const kept = statements.get(sql);
      if (kept !== undefined) {
        if (kept.busy) return database.prepare(sql);
        // Map keeps insertion order: taking it out and putting it back makes it the most recent.
        statements.delete(sql);
        statements.set(sql, kept);
        return kept;
      }
      const statement = database.prepare(sql);
      statements.set(sql, statement);
      if (statements.size > capacity) {
        const oldest = statements.keys().next();
        if (oldest.done !== true) statements.delete(oldest.value);
      }
      return statement;
    },
  };
}
