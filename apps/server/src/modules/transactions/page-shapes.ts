import type { Compilable, CompiledQuery, Kysely, Transaction } from 'kysely';
import { dialectOf } from '../../db/migration-helpers.js';
import type { Database } from '../../db/schema.js';
import type { PageRequest, ScanHints, TransactionFilter, PageRow } from './repository.js';

type Db = Kysely<Database> | Transaction<Database>;

type Build = (db: Db, filter: TransactionFilter, page: PageRequest, hints: ScanHints) => Compilable<PageRow>;

/** Shapes kept per process, at most this many (the oldest out first): a SQL text and a few names each. */
const PAGE_SHAPES_LIMIT = 1_000;

/** What a value stands in for while a shape is compiled: a text no caller sends. */
const MARKER_START = '\u0000page:';

interface Shape {
  readonly query: CompiledQuery<PageRow>;
  /** For each parameter of the compiled query, the value it takes, or undefined for a constant. */
  readonly slots: readonly (string | undefined)[];
}

const shapes = new Map<string, Shape>();

/**
 * The page's query, compiled once per shape of its inputs rather than built by Kysely at every call
 * (a tenth of the list's time). Each bound value of the filter and page is replaced by a stand-in
 * naming it; the JSON of those stand-ins and of what stays as it is (the statuses, the number of
 * programs, sort, order, hints, and on SQLite the merchant, which `build` writes in the text) is the
 * shape's key, so two calls share a text only if `build` was given the same thing for both. `build`
 * must use a stand-in as a value only, never to choose the query's form. A search is built at every
 * call: its term reaches the query through functions of it (a phrase, a pattern, a prefix's end).
 */
export function compiledPageQuery(
  db: Db,
  filter: TransactionFilter,
  page: PageRequest,
  hints: ScanHints,
  build: Build,
): CompiledQuery<PageRow> {
  if (filter.search !== undefined) return build(db, filter, page, hints).compile();
  const dialect = dialectOf(db);
  const values = new Map<string, unknown>();
  // Typed as the value it stands for: the query builder passes it on as a parameter, unread.
  const slot = <T>(name: string, value: T): T => {
    values.set(name, value);
    return `${MARKER_START}${name}\u0000` as T;
  };
  const optional = <T>(name: string, value: T | undefined) =>
    value === undefined ? undefined : slot(name, value);
  const standIns: TransactionFilter = {
    merchantId: dialect === 'sqlite' ? filter.merchantId : slot('merchantId', filter.merchantId),
    createdFrom: optional('createdFrom', filter.createdFrom),
    createdBefore: optional('createdBefore', filter.createdBefore),
    statuses: filter.statuses,
    expiryCutoff: slot('expiryCutoff', filter.expiryCutoff),
    programIds: filter.programIds?.map((id, index) => slot(`programId${String(index)}`, id)),
    locationId: optional('locationId', filter.locationId),
    productType: optional('productType', filter.productType),
    channel: optional('channel', filter.channel),
    minAmount: optional('minAmount', filter.minAmount),
    maxAmount: optional('maxAmount', filter.maxAmount),
  };
  const pageStandIns: PageRequest = {
    sort: page.sort,
    order: page.order,
    limit: slot('limit', page.limit),
    offset: slot('offset', page.offset),
    after: page.after && { key: slot('afterKey', page.after.key), id: slot('afterId', page.after.id) },
  };
  const key = JSON.stringify([dialect, standIns, pageStandIns, hints]);
  let shape = shapes.get(key);
  if (shape === undefined) {
    shape = compileShape(build(db, standIns, pageStandIns, hints));
    if (shapes.size >= PAGE_SHAPES_LIMIT) {
      const oldest = shapes.keys().next();
      if (oldest.done !== true) shapes.delete(oldest.value);
    }
    shapes.set(key, shape);
  }
  const { query, slots } = shape;
  return {
    ...query,
    parameters: slots.map((name, index) => (name === undefined ? query.parameters[index] : values.get(name))),
  };
}

function compileShape(built: Compilable<PageRow>): Shape {
  const query = built.compile();
  // A stand-in written into the text (a literal) would be every call's text with the first call's value.
  if (query.sql.includes(MARKER_START)) throw new Error('A stand-in was written into the page query');
  return {
    query,
    slots: query.parameters.map((value) =>
      typeof value === 'string' && value.startsWith(MARKER_START)
        ? value.slice(MARKER_START.length, -1)
        : undefined,
    ),
  };
}
