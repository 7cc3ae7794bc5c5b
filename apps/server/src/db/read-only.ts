import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect, sql, type Transaction } from 'kysely';
import type { DatabaseHandle } from './database.js';
import type { Database } from './schema.js';

/** A connection for a long read, closed when the read ends. */
export interface ReadOnlyConnection {
  readonly db: Kysely<Database>;
  close(): Promise<void>;
}

/** The file of a SQLite database, or undefined for an in-memory one. */
export async function sqliteFileOf(
  db: Kysely<Database> | Transaction<Database>,
): Promise<string | undefined> {
  const { rows } = await sql<{
    file: string;
  }>`select file from pragma_database_list where name = 'main'`.execute(db);
  const file = rows[0]?.file ?? '';
  return file === '' ? undefined : file;
}

/**
 * Where a long read (an export) reads from. SQLite's one connection would be held for the whole read,
 * making every other request wait: a file database gets a read-only connection of its own (WAL lets it
 * read while the main connection writes). PostgreSQL reads through its pool (with a cursor to stream).
 */
export async function openReadOnly(database: DatabaseHandle): Promise<ReadOnlyConnection> {
  const shared: ReadOnlyConnection = { db: database.db, close: () => Promise.resolve() };
  if (database.dialect !== 'sqlite') return shared;
  const file = await sqliteFileOf(database.db);
  if (file === undefined) return shared;
  const connection = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: connection }) });
  return { db, close: () => db.destroy() };
}
