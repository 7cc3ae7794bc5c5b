import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type { DatabaseHandle } from '../../db/database.js';
import { openReadOnly } from '../../db/read-only.js';
import type { Database } from '../../db/schema.js';

/** Rows a download reads per batch, and writes per chunk. */
export const EXPORT_CHUNK_ROWS = 250;

/**
 * A download's lines, `EXPORT_CHUNK_ROWS` rows to a chunk, read through a read-only connection of its
 * own (closed however the download ends) so that a long file does not hold the server's.
 */
export async function* chunkedLines<Row>(
  database: DatabaseHandle,
  read: (db: Kysely<Database>) => AsyncIterable<Row>,
  line: (row: Row) => string,
): AsyncGenerator<string> {
  const reader = await openReadOnly(database);
  try {
    let piece = '';
    let count = 0;
    for await (const row of read(reader.db)) {
      piece += line(row);
      count += 1;
      if (count % EXPORT_CHUNK_ROWS === 0) {
        yield piece;
        piece = '';
        // better-sqlite3 reads synchronously: a turn of the event loop between chunks lets others in.
        if (database.dialect === 'sqlite') await yieldToEventLoop();
      }
    }
    if (piece !== '') yield piece;
  } finally {
    await reader.close();
  }
}
