import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import { Pool, TypeOverrides, types } from 'pg';
import Cursor from 'pg-cursor';
import { postgresArrayRows, sqliteArrayRows, type ArrayRowReader } from './array-rows.js';
import { describePostgresUrl } from './database-url.js';
import type { Database } from './schema.js';
import { withStatementCache } from './statement-cache.js';

export type DatabaseConfig = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

export interface DatabaseHandle {
  readonly db: Kysely<Database>;
  readonly dialect: 'sqlite' | 'postgres';
  /** A long read's rows as arrays, a batch at a time, on a connection of its own (array-rows.ts). */
  readonly readArrayRows: ArrayRowReader;
  /** Resolves when the database answers `select 1`; rejects otherwise. Used by /readyz. */
  ping(): Promise<void>;
  destroy(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /**
   * Told when PostgreSQL drops an idle pooled connection (a restart, a failover, a network cut). The
   * pool discards that connection and opens a new one on the next query, so this is for logging only.
   */
  onConnectionError?: (error: Error) => void;
  /** The most PostgreSQL connections the pool opens; node-postgres's default (10) when not given. */
  poolSize?: number;
}

/** How long a SQLite writer waits for another connection's write lock before SQLITE_BUSY. */
const SQLITE_BUSY_TIMEOUT_MS = 5_000;
/** How long a PostgreSQL query waits for a connection, so that an unreachable server fails fast (503). */
const POSTGRES_CONNECT_TIMEOUT_MS = 5_000;

export async function openDatabase(
  config: DatabaseConfig,
  options: OpenDatabaseOptions = {},
): Promise<DatabaseHandle> {
  return config.kind === 'sqlite' ? openSqlite(config.file) : openPostgres(config.url, options);
}

function openSqlite(file: string): DatabaseHandle {
  let database: SqliteDatabase.Database;
  try {
    mkdirSync(dirname(file), { recursive: true });
    database = new SqliteDatabase(file);
    // WAL lets readers work while one writer writes; without it an export would block every write.
    database.pragma('journal_mode = WAL');
    database.pragma('foreign_keys = ON');
    database.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  } catch (error) {
    throw new Error(`Cannot open the SQLite database at ${file}: ${describeError(error)}`, { cause: error });
  }
  return handle(
    new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(database) }) }),
    'sqlite',
    sqliteArrayRows(database),
  );
}

/**
 * PostgreSQL values read back in the shapes SQLite gives, so that rows look the same on both:
 * timestamptz as ISO-8601 text, int8 (counts, money) and numeric (sums, averages) as
 * numbers, date as `YYYY-MM-DD` text. Money stays far below 2^53 minor units, so numbers are exact.
 */
const POSTGRES_TYPES = new TypeOverrides();
const parseTimestamptz = types.getTypeParser(types.builtins.TIMESTAMPTZ) as (value: string) => unknown;
POSTGRES_TYPES.setTypeParser(types.builtins.TIMESTAMPTZ, (value: string) => {
  const parsed = parseTimestamptz(value);
  // `infinity` and `-infinity` have no ISO form; they are passed on as PostgreSQL wrote them.
  return parsed instanceof Date && !Number.isNaN(parsed.getTime()) ? parsed.toISOString() : value;
});
POSTGRES_TYPES.setTypeParser(types.builtins.INT8, Number);
POSTGRES_TYPES.setTypeParser(types.builtins.NUMERIC, Number);
POSTGRES_TYPES.setTypeParser(types.builtins.DATE, (value: string) => value);

/** pg-cursor reads rows with pg's global parsers unless told otherwise; streamed rows must match. */
class TypedCursor<T> extends Cursor<T> {
  constructor(text: string, values: unknown[]) {
    super(text, values, { types: POSTGRES_TYPES });
  }
}

async function openPostgres(url: string, options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const pool = new Pool({
    connectionString: url,
    connectionTimeoutMillis: POSTGRES_CONNECT_TIMEOUT_MS,
    application_name: 'merchant-portal',
    types: POSTGRES_TYPES,
    ...(options.poolSize === undefined ? {} : { max: options.poolSize }),
  });
  // Without a listener, an idle connection dropped by the server is an uncaught 'error' that ends the
  // process; with one, the pool discards it and reconnects on the next query.
  pool.on('error', (error) => options.onConnectionError?.(error));
  // pg-pool listens only on idle clients; a client checked out when the server goes away would
  // otherwise emit an unhandled 'error' and crash the process. The pool drops it on release.
  pool.on('connect', (client) => {
    client.on('error', (error) => options.onConnectionError?.(error));
  });

  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool, cursor: TypedCursor }) });
  const opened = handle(db, 'postgres', postgresArrayRows(pool, POSTGRES_TYPES));
  try {
    await opened.ping();
  } catch (error) {
    await db.destroy();
    throw new Error(
      `Cannot reach the PostgreSQL database at ${describePostgresUrl(url)}: ${describeError(error)}`,
      { cause: error },
    );
  }
  return opened;
}

function handle(
  db: Kysely<Database>,
  dialect: DatabaseHandle['dialect'],
  readArrayRows: ArrayRowReader,
): DatabaseHandle {
  return {
    db,
    dialect,
    readArrayRows,
    async ping() {
      await sql`select 1`.execute(db);
    },
    async destroy() {
      await db.destroy();
    },
  };
}

function describeError(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) {
    // Node's connection attempts to several addresses (e.g. ::1 and 127.0.0.1) end in an AggregateError
    // with an empty message; the attempts themselves say what went wrong.
    return [...new Set(error.errors.map(describeError))].join('; ');
  }
  if (error instanceof Error) {
    const code = 'code' in error && typeof error.code === 'string' ? error.code : undefined;
    if (error.message === '') return code ?? error.name;
    return code !== undefined && !error.message.includes(code) ? `${error.message} (${code})` : error.message;
  }
  return String(error);
}
