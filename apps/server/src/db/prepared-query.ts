import type { Compilable, CompiledQuery, Kysely, Transaction } from 'kysely';
import { dialectOf, type Dialect } from './migration-helpers.js';
import type { Database } from './schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** What a query's arguments stand in for while it is compiled: a text no caller sends. */
const MARKER_START = '\u0000prepared:';
const marker = (name: string) => `${MARKER_START}${name}\u0000`;

interface Compiled {
  readonly query: CompiledQuery;
  /** For each parameter of the compiled query, the argument it takes, or undefined for a constant. */
  readonly arguments: readonly (string | undefined)[];
}

/**
 * A query of a fixed shape, built and compiled by Kysely once per dialect, its arguments bound at each
 * call. The hottest calls (the access check's session read, a program) spent more time building and
 * compiling their few queries than running them. `build` must use each argument as a value only
 * (compared, inserted), never to choose the query's shape: it is called once, with stand-ins, and the
 * text it compiles to serves every call. A list argument (`in`) has no fixed shape and cannot be one.
 */
export function preparedQuery<Args extends Record<string, string | number | null>, Row>(
  build: (db: Db, args: Args) => Compilable<Row>,
): (db: Db, args: Args) => Promise<Row[]> {
  const compiled = new Map<Dialect, Compiled>();
  const compile = (db: Db): Compiled => {
    const dialect = dialectOf(db);
    const kept = compiled.get(dialect);
    if (kept !== undefined) return kept;
    const standIns = new Proxy({} as Args, { get: (_, name) => marker(String(name)) });
    const query = build(db, standIns).compile();
    const made: Compiled = {
      query,
      arguments: query.parameters.map((value) =>
        typeof value === 'string' && value.startsWith(MARKER_START)
          ? value.slice(MARKER_START.length, -1)
          : undefined,
      ),
    };
    compiled.set(dialect, made);
    return made;
  };
  return async (db, args) => {
    const { query, arguments: taken } = compile(db);
    const parameters = query.parameters.map((constant, index) => {
      const name = taken[index];
      return name === undefined ? constant : args[name];
    });
    const result = await db.executeQuery<Row>({ ...query, parameters });
    return result.rows;
  };
}
