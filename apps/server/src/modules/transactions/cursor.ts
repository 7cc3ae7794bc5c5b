import { createHash } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../../http/app-error.js';
import type { SortColumn } from './repository.js';

/** Where the next page starts, and what the first page counted; opaque to the client. */
export interface CursorState {
  /** The sort value of the last row shown: created_at text, the order id's search copy, or an amount. */
  key: string | number;
  id: string;
  /** The position of the next page's first row. */
  offset: number;
  /** The count of the whole filtered list, made once for the first page. */
  total: number;
  /** Whether that count stopped at the cap of a search. */
  totalIsCapped: boolean;
  /** Which filters and sort the cursor belongs to. */
  query: string;
}

// A tampered cursor must be refused here: a key of the wrong type reaches the database as a bad cast.
const minorUnits = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
const KEY_SCHEMAS: Readonly<Record<SortColumn, z.ZodType<string | number>>> = {
  created_at: z.iso.datetime({ offset: true }),
  search_external_id: z.string().max(1_000),
  total: minorUnits,
  settled: minorUnits,
  refunded: minorUnits,
};

const cursorSchema = (sort: SortColumn) =>
  z.tuple([
    KEY_SCHEMAS[sort],
    // Ids are plain visible ASCII; anything else was not given by this list.
    z.string().regex(/^[\x21-\x7e]{1,100}$/),
    z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
    z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
    z.string().max(64),
    z.boolean(),
  ]);

/** A short digest of the filters and the sort, so that a cursor is not replayed on another list. */
export function queryFingerprint(query: Record<string, unknown>): string {
  const normalized = Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]): [string, unknown] => [
      name,
      Array.isArray(value) ? [...(value as unknown[])].map(String).sort() : value,
    ])
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return createHash('sha256').update(JSON.stringify(normalized)).digest('base64url').slice(0, 16);
}

export function encodeCursor(state: CursorState): string {
  return Buffer.from(
    JSON.stringify([state.key, state.id, state.offset, state.total, state.query, state.totalIsCapped]),
  ).toString('base64url');
}

function invalidCursor(message: string): AppError {
  return new AppError(400, 'VALIDATION_FAILED', message, {
    details: [{ path: 'query.cursor', message }],
  });
}

export function decodeCursor(text: string, expectedQuery: string, sort: SortColumn): CursorState {
  let parsed: z.infer<ReturnType<typeof cursorSchema>>;
  try {
    parsed = cursorSchema(sort).parse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
  } catch {
    throw invalidCursor('The cursor is not one this list gave');
  }
  const [key, id, offset, total, query, totalIsCapped] = parsed;
  if (query !== expectedQuery) {
    throw invalidCursor(
      'The cursor belongs to other filters or another sort: start again from the first page',
    );
  }
  return { key, id, offset, total, totalIsCapped, query };
}
