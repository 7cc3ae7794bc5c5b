import { useCallback, useMemo } from 'react';
import { z } from 'zod';
import { urlList } from './url-params';
import {
  defineUrlState,
  useUrlState,
  type UrlStateDefinition,
  type UrlStateUpdateOptions,
  type UrlStateOf,
  type UrlStateShape,
} from './url-state';

const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/**
 * The parameters every list has besides its filters: sort, order, page size and page, and the columns
 * shown (their ids in order; none: the list's own choice).
 */
const LIST_KEYS = ['sort', 'order', 'limit', 'offset', 'cursor', 'columns'] as const;
type ListKey = (typeof LIST_KEYS)[number];

export interface ListParams {
  sort: string;
  order: SortOrder;
  limit: number;
  /** The position of the page's first row; 0 on a page reached by cursor. */
  offset: number;
  /** The API's token for a page too deep for an offset. */
  cursor: string | undefined;
  /** The columns shown, in order, when chosen: a link shows the same columns. */
  columns: string[];
}

/** Everything but paging and columns: what "Clear filters" clears and what sends the list back to its first page. */
type ListFilters<T extends ListParams> = Omit<T, ListKey>;

export interface ListShapeOptions<Sort extends string, Size extends number> {
  readonly sorts: readonly [Sort, ...Sort[]];
  readonly defaultSort: NoInfer<Sort>;
  readonly defaultOrder: SortOrder;
  readonly pageSizes: readonly [Size, ...Size[]];
  readonly defaultPageSize: NoInfer<Size>;
  /** The deepest offset the API serves; pages after it are reached by cursor. */
  readonly maxOffset?: number;
}

/** The URL parameters of sorting and paging, beside a list's filters. */
function listShape<Sort extends string, Size extends number>(options: ListShapeOptions<Sort, Size>) {
  return {
    sort: z.enum(options.sorts).default(options.defaultSort),
    order: z.enum(SORT_ORDERS).default(options.defaultOrder),
    limit: z.coerce.number().pipe(z.literal(options.pageSizes)).default(options.defaultPageSize),
    offset: z.coerce
      .number()
      .int()
      .min(0)
      .max(options.maxOffset ?? Number.MAX_SAFE_INTEGER)
      .default(0),
    cursor: z.string().min(1).max(1_000).optional(),
    columns: urlList(z.string().min(1).max(100)),
  };
}

type ListShape<Sort extends string, Size extends number> = ReturnType<typeof listShape<Sort, Size>>;

/** A list's URL state, with the paging rules its pager and `useListState` read. */
export interface ListUrlDefinition<T extends ListParams> extends UrlStateDefinition<T> {
  /** The state's fields; the same as `keys` unless a prefix sets the URL's names apart. */
  readonly fields: readonly (keyof T & string)[];
  readonly pageSizes: readonly T['limit'][];
  /** The deepest offset the API serves; pages after it are reached by cursor. */
  readonly maxOffset: number;
}

type RangeKeys<T> = { [K in keyof T]-?: T[K] extends string | number | undefined ? K : never }[keyof T];

export interface ListUrlOptions<T> {
  /**
   * Pairs of parameters that bound a range (`['from', 'to']`): one given backwards (a hand-edited link)
   * is read the right way round rather than refused.
   */
  readonly ranges?: readonly (readonly [RangeKeys<T>, RangeKeys<T>])[];
  /**
   * For a list beside another state of the same page (a form with its own `from` and `to`): every
   * parameter of the list is written `<prefix>.<name>` (`history.sort`, `history.from`), so that
   * neither reads or clears the other's.
   */
  readonly prefix?: string;
}

/** The definition with its parameters named `<prefix>.<name>` in the URL; the state keeps its names. */
function prefixed<T extends object>(
  definition: UrlStateDefinition<T>,
  prefix: string,
): UrlStateDefinition<T> {
  const start = `${prefix}.`;
  return {
    keys: definition.keys.map((key) => `${start}${key}`),
    defaults: definition.defaults,
    parse: (params) => {
      const own = new URLSearchParams();
      for (const [key, value] of params) {
        if (key.startsWith(start)) own.append(key.slice(start.length), value);
      }
      return definition.parse(own);
    },
    serialize: (state) => {
      const params = new URLSearchParams();
      for (const [key, value] of definition.serialize(state)) params.append(`${start}${key}`, value);
      return params;
    },
  };
}

/**
 * A list in the URL: its filters (one schema per parameter, with the API's names and units), then the
 * sort, order, page size and page that every list has.
 */
export function defineListUrl<S extends UrlStateShape, Sort extends string, Size extends number>(
  filters: S,
  paging: ListShapeOptions<Sort, Size>,
  { ranges = [], prefix }: ListUrlOptions<UrlStateOf<S & ListShape<Sort, Size>>> = {},
): ListUrlDefinition<UrlStateOf<S & ListShape<Sort, Size>>> {
  type State = UrlStateOf<S & ListShape<Sort, Size>>;
  const normalize = (state: State): State => {
    // A loose view of the state: the range keys were checked to be texts or numbers by their type.
    const next: Record<string, unknown> = { ...state };
    for (const [low, high] of ranges as readonly (readonly [string, string])[]) {
      const [from, to] = [next[low], next[high]] as (string | number | undefined)[];
      if (from !== undefined && to !== undefined && from > to) [next[low], next[high]] = [to, from];
    }
    return next as State;
  };
  const shape: S & ListShape<Sort, Size> = { ...filters, ...listShape(paging) };
  const definition = defineUrlState(shape, { normalize });
  return {
    ...(prefix === undefined ? definition : prefixed(definition, prefix)),
    fields: definition.keys,
    // The limit's schema is the literal of these sizes; TypeScript cannot see through the generic shape.
    pageSizes: paging.pageSizes as unknown as readonly State['limit'][],
    maxOffset: paging.maxOffset ?? Number.MAX_SAFE_INTEGER,
  };
}

/** Where a pager button goes: a page by its offset, or (deep in the list) by the API's cursor. */
export type PageTarget = { readonly offset: number } | { readonly cursor: string; readonly offset: number };

interface PageFacts {
  /** The position of the page's first row, as the API answered it (also for a page reached by cursor). */
  readonly offset: number;
  readonly total: number;
  /** `total` is a lower bound (a search that matched more than the API counts): the end is unknown. */
  readonly totalIsCapped?: boolean;
  readonly itemCount: number;
  /** The API's cursor of the next page, for lists that page deep by cursor. */
  readonly nextCursor?: string | null;
}

export interface PageTargets {
  first?: PageTarget;
  previous?: PageTarget;
  next?: PageTarget;
  last?: PageTarget;
}

export interface ListState<T extends ListParams> {
  readonly params: T;
  readonly defaults: T;
  /** The page sizes offered. */
  readonly pageSizes: readonly T['limit'][];
  /** Sets filters (search included); the list starts again at its first page. */
  readonly setFilters: (patch: Partial<ListFilters<T>>) => void;
  readonly clearFilters: () => void;
  /** Whether any filter (search included) differs from its default. */
  readonly hasFilters: boolean;
  /** The same column again flips the order; another column starts descending, the way lists are read. */
  readonly toggleSort: (sort: T['sort']) => void;
  readonly setPageSize: (limit: T['limit']) => void;
  readonly goTo: (target: PageTarget) => void;
  /** Shows these columns, in this order (none: the list's own choice); the page stays. */
  readonly setColumns: (columns: readonly string[], options?: UrlStateUpdateOptions) => void;
  /** Back to the first page in place: a page past the end, or a cursor the API no longer accepts. */
  readonly resetPaging: () => void;
  /**
   * Where First, Previous, Next and Last go from the page shown; undefined where there is nowhere to go,
   * and Last also past `maxOffset` (the API's cursors lead there only page by page).
   */
  readonly pageTargets: (page: PageFacts) => PageTargets;
}

// Cursors only lead forward; the ones followed in this session lead back again. Per list definition.
const visitedCursors = new WeakMap<object, Map<string, string>>();

function cursorsOf(definition: object): Map<string, string> {
  let cursors = visitedCursors.get(definition);
  if (!cursors) {
    cursors = new Map();
    visitedCursors.set(definition, cursors);
  }
  return cursors;
}

const FIRST_PAGE = { offset: 0, cursor: undefined } as const;

/**
 * A list page's URL state (filters, search, sort, page size and page) with the list's rules: a change
 * of filters, sort or page size starts at the first page; deep pages go by cursor past `maxOffset`.
 */
export function useListState<T extends ListParams>(definition: ListUrlDefinition<T>): ListState<T> {
  const [params, setParams] = useUrlState(definition);
  const { defaults, pageSizes, maxOffset } = definition;
  const filterKeys = useMemo(
    () => definition.fields.filter((key) => !(LIST_KEYS as readonly string[]).includes(key)),
    [definition],
  );
  const hasFilters = filterKeys.some((key) => {
    const [value, fallback] = [params[key], defaults[key]];
    return JSON.stringify(value) !== JSON.stringify(fallback);
  });
  // The filters and the sort a cursor belongs to; page size and position are not part of it.
  const fingerprint = useMemo(
    () =>
      definition
        .serialize({ ...params, limit: defaults.limit, columns: defaults.columns, ...FIRST_PAGE })
        .toString(),
    [definition, params, defaults.limit, defaults.columns],
  );

  const setFilters = useCallback(
    (patch: Partial<ListFilters<T>>) => {
      setParams((current) => ({ ...current, ...patch, ...FIRST_PAGE }));
    },
    [setParams],
  );
  const clearFilters = useCallback(() => {
    setParams((current) => {
      const cleared: T = { ...current, ...FIRST_PAGE };
      for (const key of filterKeys) cleared[key] = defaults[key];
      return cleared;
    });
  }, [setParams, filterKeys, defaults]);
  const toggleSort = useCallback(
    (sort: T['sort']) => {
      setParams((current) => {
        const order: SortOrder = current.sort === sort && current.order === 'desc' ? 'asc' : 'desc';
        return { ...current, sort, order, ...FIRST_PAGE };
      });
    },
    [setParams],
  );
  const setPageSize = useCallback(
    (limit: T['limit']) => {
      setParams((current) => ({ ...current, limit, ...FIRST_PAGE }));
    },
    [setParams],
  );
  const goTo = useCallback(
    (target: PageTarget) => {
      if ('cursor' in target) cursorsOf(definition).set(`${fingerprint}|${target.offset}`, target.cursor);
      setParams((current) => ({
        ...current,
        offset: 'cursor' in target ? 0 : target.offset,
        cursor: 'cursor' in target ? target.cursor : undefined,
      }));
    },
    [definition, fingerprint, setParams],
  );
  const setColumns = useCallback(
    (columns: readonly string[], options?: UrlStateUpdateOptions) => {
      setParams((current) => ({ ...current, columns: [...columns] }), options);
    },
    [setParams],
  );
  const resetPaging = useCallback(() => {
    setParams((current) => ({ ...current, ...FIRST_PAGE }), { replace: true });
  }, [setParams]);

  const pageTargets = useCallback(
    ({ offset, total, totalIsCapped = false, itemCount, nextCursor }: PageFacts) => {
      const targets: PageTargets = {};
      if (offset > 0) {
        targets.first = { offset: 0 };
        const previous = Math.max(0, offset - params.limit);
        const cursor = cursorsOf(definition).get(`${fingerprint}|${previous}`);
        if (previous <= maxOffset) targets.previous = { offset: previous };
        else if (cursor !== undefined) targets.previous = { cursor, offset: previous };
      }
      const next = offset + itemCount;
      // Past a capped total, the next cursor alone says whether more rows follow.
      const more = next < total || (totalIsCapped && Boolean(nextCursor));
      if (itemCount > 0 && more) {
        if (next <= maxOffset) targets.next = { offset: next };
        else if (nextCursor) targets.next = { cursor: nextCursor, offset: next };
        const last = Math.floor((total - 1) / params.limit) * params.limit;
        if (!totalIsCapped && last > offset && last <= maxOffset) targets.last = { offset: last };
      }
      return targets;
    },
    [definition, fingerprint, maxOffset, params.limit],
  );

  return {
    params,
    defaults,
    pageSizes,
    setFilters,
    clearFilters,
    hasFilters,
    toggleSort,
    setPageSize,
    goTo,
    setColumns,
    resetPaging,
    pageTargets,
  };
}
