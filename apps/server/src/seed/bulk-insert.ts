import SqliteDatabase from 'better-sqlite3';
import { CompiledQuery, Kysely, SqliteDialect, sql, type Transaction } from 'kysely';
import { sqliteFileOf } from '../db/read-only.js';
import { dialectOf, type Dialect } from '../db/migration-helpers.js';
import type { Database } from '../db/schema.js';

/** The columns a writer fills, in the order of each row's values. */
export type Columns = readonly string[];

/**
 * Rows per statement where a statement cannot be kept: SQLite binds one parameter per value (at most
 * 32,766 per statement); PostgreSQL gets the whole batch as one JSON parameter.
 */
const SQLITE_BATCH_ROWS = 200;
const POSTGRES_BATCH_ROWS = 5_000;
/** The seed connection's page cache in KiB, which SQLite also sorts index builds in. */
const SEED_SQLITE_CACHE_KIB = 524_288;

/**
 * Runs a seed on a connection that can write in bulk. For a SQLite file that is a connection of its own,
 * handed over as Kysely and as the raw better-sqlite3 handle, so that bulk rows go through prepared
 * statements kept for the whole load, in the same transaction as the rest. The caller's connection
 * stays idle meanwhile. PostgreSQL and in-memory SQLite use the connection given.
 */
export async function withBulkConnection<T>(
  db: Kysely<Database>,
  work: (db: Kysely<Database>, raw: SqliteDatabase.Database | undefined) => Promise<T>,
): Promise<T> {
  const file = dialectOf(db) === 'sqlite' ? await sqliteFileOf(db) : undefined;
  if (file === undefined) return work(db, undefined);
  const raw = new SqliteDatabase(file, { fileMustExist: true });
  // The pragmas of every connection of the server (db/database.ts), and room to sort a million rows.
  raw.pragma('foreign_keys = ON');
  raw.pragma('busy_timeout = 5000');
  raw.pragma(`cache_size = -${SEED_SQLITE_CACHE_KIB}`);
  // Index builds sort with helper threads, in memory.
  raw.pragma('threads = 4');
  raw.pragma('temp_store = MEMORY');
  // WAL stays safe from corruption with NORMAL; the one commit then skips an fsync per page.
  raw.pragma('synchronous = NORMAL');
  const own = new Kysely<Database>({ dialect: new SqliteDialect({ database: raw }) });
  try {
    return await work(own, raw);
  } finally {
    await own.destroy();
  }
}

/**
 * Writes many rows of one table through the seed's transaction, as fast as each database allows:
 * on SQLite, one prepared statement run per row on the raw connection of `withBulkConnection` (or, on a
 * connection without one, multi-row statements of plain parameters); on PostgreSQL, 5,000 rows per
 * statement as one JSON parameter that `json_populate_recordset` turns into rows of the table's own
 * types (measured a quarter faster than `unnest` of one array per column, whose text the driver builds).
 */
export class BulkWriter {
  readonly #trx: Transaction<Database>;
  readonly #dialect: Dialect;
  readonly #table: string;
  readonly #columns: Columns;
  readonly #batchRows: number;
  readonly #parent: BulkWriter | undefined;
  readonly #statement: SqliteDatabase.Statement | undefined;
  #fullBatchSql: string | undefined;
  /** SQLite: the waiting rows' values one after the other; PostgreSQL: the waiting rows as objects. */
  #values: unknown[] = [];
  #written = 0;
  #waiting = 0;

  /**
   * `parent`: the writer of the rows these rows point to, flushed first so that they exist.
   * `raw`: the connection of `trx` itself, when SQLite statements can be prepared on it.
   */
  constructor(
    trx: Transaction<Database>,
    table: string,
    columns: Columns,
    options: { parent?: BulkWriter | undefined; raw?: SqliteDatabase.Database | undefined } = {},
  ) {
    this.#trx = trx;
    this.#dialect = dialectOf(trx);
    this.#table = table;
    this.#columns = columns;
    this.#parent = options.parent;
    this.#batchRows = this.#dialect === 'sqlite' ? SQLITE_BATCH_ROWS : POSTGRES_BATCH_ROWS;
    this.#statement = options.raw?.prepare(
      `insert into "${table}" (${this.#names()}) values (${columns.map(() => '?').join(', ')})`,
    );
  }

  /** Rows added so far, written or waiting for their batch. */
  get count(): number {
    return this.#written + this.#waiting;
  }

  /** Adds one row, its values in the order of the columns. */
  async add(values: readonly unknown[]): Promise<void> {
    if (this.#statement !== undefined) {
      // The parent's rows were written when they were added: this one can follow at once.
      this.#statement.run(values);
      this.#written += 1;
      return;
    }
    if (this.#dialect === 'sqlite') {
      for (const value of values) this.#values.push(value);
    } else {
      this.#values.push(Object.fromEntries(this.#columns.map((column, index) => [column, values[index]])));
    }
    this.#waiting += 1;
    if (this.#waiting >= this.#batchRows) await this.flush();
  }

  async flush(): Promise<void> {
    const rows = this.#waiting;
    if (rows === 0) return;
    await this.#parent?.flush();
    const values = this.#values;
    this.#values = [];
    const names = this.#names();
    if (this.#dialect === 'sqlite') {
      const text =
        rows === this.#batchRows
          ? (this.#fullBatchSql ??= this.#sqliteInsert(names, rows))
          : this.#sqliteInsert(names, rows);
      await this.#trx.executeQuery(CompiledQuery.raw(text, values));
    } else {
      const table = `"${this.#table}"`;
      await this.#trx.executeQuery(
        CompiledQuery.raw(
          `insert into ${table} (${names}) select ${names} from json_populate_recordset(null::${table}, $1)`,
          [JSON.stringify(values)],
        ),
      );
    }
    this.#waiting = 0;
    this.#written += rows;
  }

  #names(): string {
    return this.#columns.map((name) => `"${name}"`).join(', ');
  }

  #sqliteInsert(names: string, rowCount: number): string {
    const row = `(${this.#columns.map(() => '?').join(', ')})`;
    return `insert into "${this.#table}" (${names}) values ${Array.from({ length: rowCount }, () => row).join(', ')}`;
  }
}

/**
 * Runs a bulk load with the tables' secondary indexes, triggers and (PostgreSQL) foreign keys set
 * aside, then puts them back as they were: building an index once from sorted rows is many times faster
 * than updating it row by row, and a foreign key is checked once over the table instead of per row.
 * Everything happens inside the caller's transaction, so a failure leaves the schema untouched.
 * The tables' own triggers do not run for the loaded rows: the caller recomputes what they maintain.
 */
export async function withIndexesDeferred(
  trx: Transaction<Database>,
  dialect: Dialect,
  tables: readonly string[],
  load: () => Promise<void>,
): Promise<void> {
  if (dialect === 'sqlite') {
    const { rows } = await sql<{ type: 'index' | 'trigger'; name: string; sql: string }>`
      select type, name, sql from sqlite_master
      where tbl_name in (${sql.join(tables)}) and type in ('index', 'trigger') and sql is not null
      order by type, name`.execute(trx);
    for (const row of rows) await sql`drop ${sql.raw(row.type)} ${sql.id(row.name)}`.execute(trx);
    await load();
    // Indexes sort before triggers in the order above, so each trigger finds its indexes again.
    for (const row of rows) await sql.raw(row.sql).execute(trx);
    return;
  }

  // Index builds sort in memory up to this much, instead of spilling to disk (this transaction only).
  await sql`set local maintenance_work_mem = '256MB'`.execute(trx);
  const { rows: indexes } = await sql<{ indexname: string; indexdef: string }>`
    select indexname, indexdef from pg_indexes
    where schemaname = current_schema() and tablename in (${sql.join(tables)})
      and indexname not in (select conname from pg_constraint where contype in ('p', 'u', 'x'))`.execute(trx);
  const { rows: foreignKeys } = await sql<{ table_name: string; name: string; definition: string }>`
    select conrelid::regclass::text as table_name, conname as name, pg_get_constraintdef(oid) as definition
    from pg_constraint
    where contype = 'f' and conrelid::regclass::text in (${sql.join(tables)})`.execute(trx);

  for (const key of foreignKeys) {
    await sql`alter table ${sql.table(key.table_name)} drop constraint ${sql.id(key.name)}`.execute(trx);
  }
  for (const index of indexes) await sql`drop index ${sql.id(index.indexname)}`.execute(trx);
  for (const table of tables) await sql`alter table ${sql.table(table)} disable trigger user`.execute(trx);
  await load();
  for (const index of indexes) await sql.raw(index.indexdef).execute(trx);
  for (const key of foreignKeys) {
    await sql`alter table ${sql.table(key.table_name)} add constraint ${sql.id(key.name)} ${sql.raw(key.definition)}`.execute(
      trx,
    );
  }
  for (const table of tables) await sql`alter table ${sql.table(table)} enable trigger user`.execute(trx);
}
