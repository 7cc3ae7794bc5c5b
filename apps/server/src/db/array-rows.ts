import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import SqliteDatabase from 'better-sqlite3';
import type { CompiledQuery } from 'kysely';
import { types as pgTypes, type CustomTypesConfig, type Pool, type TypeOverrides } from 'pg';
import Cursor from 'pg-cursor';

/**
 * A long read (an export) as rows of values in the order of its select list, a batch at a time, read
 * from a connection of its own. Made for a million rows: no object per row, no promise per row, and
 * timestamps left as the database's UTC text (read with `utcTextToInstant`, lib/time-zone.ts), where
 * Kysely's stream gave one object and one async step per row and, on PostgreSQL, made a `Date` of each
 * timestamp to write it back as text. The batch is pulled when the caller asks for it, so a slow reader
 * (a socket that has not drained) holds the read, not memory.
 */
export type ArrayRowReader = (query: CompiledQuery, batchRows: number) => AsyncGenerator<unknown[][]>;

/**
 * SQLite: a read-only connection of its own on a file database, so that the main connection serves
 * other requests between batches (WAL lets it write meanwhile); an in-memory database reads through its
 * one connection. better-sqlite3 reads synchronously: the event loop gets a turn after each batch, or a
 * long export would hold every other request until it ends.
 */
export function sqliteArrayRows(main: SqliteDatabase.Database): ArrayRowReader {
  return async function* read(query, batchRows) {
    const connection = main.memory
      ? main
      : new SqliteDatabase(main.name, { readonly: true, fileMustExist: true });
    const rows = connection
      .prepare(query.sql)
      .raw(true)
      .iterate(...query.parameters) as IterableIterator<unknown[]>;
    try {
      for (;;) {
        const batch: unknown[][] = [];
        while (batch.length < batchRows) {
          const next = rows.next();
          if (next.done === true) break;
          batch.push(next.value);
        }
        if (batch.length > 0) yield batch;
        if (batch.length < batchRows) return;
        await yieldToEventLoop();
      }
    } finally {
      rows.return?.();
      if (connection !== main) connection.close();
    }
  };
}

/**
 * PostgreSQL: a pooled client with a cursor, `batchRows` per fetch, rows as arrays. Values are read
 * with the pool's parsers but for timestamps, which stay text when the session writes them in UTC
 * (`+00`, the server's usual zone) and otherwise are made ISO text as the pool's parser makes them.
 */
export function postgresArrayRows(pool: Pool, types: TypeOverrides): ArrayRowReader {
  const timestamptz: number = pgTypes.builtins.TIMESTAMPTZ;
  const parseTimestamp = types.getTypeParser(timestamptz, 'text') as unknown as (text: string) => unknown;
  const keepUtcText = (text: string) => (text.endsWith('+00') ? text : parseTimestamp(text));
  const exportTypes: CustomTypesConfig = {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
      oid === timestamptz
        ? keepUtcText
        : types.getTypeParser(oid, format)) as CustomTypesConfig['getTypeParser'],
  };
  return async function* read(query, batchRows) {
    const client = await pool.connect();
    const cursor = client.query(
      new Cursor<unknown[]>(query.sql, [...query.parameters], { rowMode: 'array', types: exportTypes }),
    );
    try {
      for (;;) {
        const batch = await cursor.read(batchRows);
        if (batch.length === 0) return;
        yield batch;
      }
    } finally {
      await cursor.close();
      client.release();
    }
  };
}
