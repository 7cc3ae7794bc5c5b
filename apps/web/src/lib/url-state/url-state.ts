import { useCallback, useContext, useEffect, useLayoutEffect, useMemo } from 'react';
import { UNSAFE_NavigationContext, useSearchParams } from 'react-router';
import type { z } from 'zod';

/** One zod schema per URL parameter; each reads `undefined`, one text, or several texts (a repeated key). */
export type UrlStateShape = Readonly<Record<string, z.ZodType>>;

export type UrlStateOf<S extends UrlStateShape> = { -readonly [K in keyof S]: z.output<S[K]> };

export interface UrlStateDefinition<T extends object> {
  /** The URL parameters this state owns, in the order they are written (its fields, or their prefixed names). */
  readonly keys: readonly string[];
  /** The state of an empty URL. */
  readonly defaults: T;
  /** Never fails: a missing or invalid parameter reads as its default. */
  parse(params: URLSearchParams): T;
  /** Only what differs from the defaults, so that a default list has a bare URL. */
  serialize(state: T): URLSearchParams;
}

export interface UrlStateOptions<T> {
  /** Rules between parameters (a range given backwards), applied after each one was read on its own. */
  readonly normalize?: (state: T) => T;
}

function rawValue(params: URLSearchParams, key: string): string | string[] | undefined {
  // An empty parameter (`?status=`) is no value at all rather than an empty text to validate.
  const values = params.getAll(key).filter((value) => value !== '');
  if (values.length === 0) return undefined;
  return values.length === 1 ? values[0] : values;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => sameValue(item, b[index]));
  }
  return a === b;
}

function texts(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value)) return value.flatMap(texts);
  if (typeof value === 'string') return [value];
  if (typeof value === 'number' || typeof value === 'boolean') return [String(value)];
  throw new Error(`A URL parameter holds text, numbers, booleans or lists of them, not ${typeof value}`);
}

/**
 * A typed view of URL search parameters. Each parameter is validated on its own, so one bad value
 * (a hand-edited link, an old bookmark) falls back to its default without losing the others.
 */
export function defineUrlState<S extends UrlStateShape>(
  shape: S,
  { normalize = (state) => state }: UrlStateOptions<UrlStateOf<S>> = {},
): UrlStateDefinition<UrlStateOf<S>> {
  type State = UrlStateOf<S>;
  const keys = Object.keys(shape) as (keyof State & string)[];

  const read = (params: URLSearchParams): State => {
    const state: Record<string, unknown> = {};
    for (const key of keys) {
      const field = shape[key];
      if (!field) continue;
      const parsed = field.safeParse(rawValue(params, key));
      const fallback = parsed.success ? parsed : field.safeParse(undefined);
      state[key] = fallback.success ? fallback.data : undefined;
    }
    return state as State;
  };

  const defaults = read(new URLSearchParams());

  return {
    keys,
    defaults,
    parse: (params) => normalize(read(params)),
    serialize: (state) => {
      const params = new URLSearchParams();
      for (const key of keys) {
        if (sameValue(state[key], defaults[key])) continue;
        for (const text of texts(state[key])) params.append(key, text);
      }
      return params;
    },
  };
}

/** The parameters of `keys` in the URL, in its order. */
function ownParams(params: URLSearchParams, keys: readonly string[]): string {
  const own = new URLSearchParams();
  for (const [key, value] of params) {
    if (keys.includes(key)) own.append(key, value);
  }
  return own.toString();
}

/** The state's own parameters, then every other parameter of the URL as it was. */
function mergeParams(
  own: URLSearchParams,
  current: URLSearchParams,
  keys: readonly string[],
): URLSearchParams {
  const merged = new URLSearchParams(own);
  for (const [key, value] of current) {
    if (!keys.includes(key)) merged.append(key, value);
  }
  return merged;
}

export interface UrlStateUpdateOptions {
  /**
   * Replaces the history entry instead of adding one. A user's change adds one (Back undoes it);
   * a correction the page makes by itself replaces.
   */
  readonly replace?: boolean;
}

export type UrlStateUpdate<T> = T | ((current: T) => T);

/**
 * The URL as last written, and the writes the router has not rendered yet. A change made before the next
 * render (a debounced search landing as a filter is clicked, a render lagging behind in a transition)
 * builds on the last write instead of undoing it; a URL that is none of the writes (Back, a link) starts
 * afresh. One per router, shared by every state of the page: a form and a list on one page write the same
 * URL, and each must build on the other's last write.
 */
class UrlWrites {
  #latest: string | undefined;
  #unrendered: string[] = [];
  #rendered: string | undefined;

  latest(): string {
    return this.#latest ?? this.#rendered ?? '';
  }

  wrote(search: string): void {
    this.#latest = search;
    this.#unrendered.push(search);
  }

  /** Called by every state of the page for the same render: only the first call of a URL counts. */
  rendered(search: string): void {
    if (search === this.#rendered) return;
    this.#rendered = search;
    const index = this.#unrendered.indexOf(search);
    this.#unrendered = index < 0 ? [] : this.#unrendered.slice(index + 1);
    this.#latest = this.#unrendered.at(-1) ?? search;
  }
}

const writesByRouter = new WeakMap<object, UrlWrites>();

function writesOf(navigator: object): UrlWrites {
  let writes = writesByRouter.get(navigator);
  if (writes === undefined) {
    writes = new UrlWrites();
    writesByRouter.set(navigator, writes);
  }
  return writes;
}

/**
 * The state of a definition in the current URL, and its setter. A URL that is not in its canonical form
 * (invalid values, defaults written out) is rewritten in place, so that what is shown is what is linked.
 */
export function useUrlState<T extends object>(
  definition: UrlStateDefinition<T>,
): [T, (update: UrlStateUpdate<T>, options?: UrlStateUpdateOptions) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.toString();
  const state = useMemo(() => definition.parse(new URLSearchParams(search)), [definition, search]);
  // Compared on the state's own parameters only: another state of the page writes its own first, and
  // the order of the two must not make either rewrite the URL again.
  const isCanonical = useMemo(
    () => definition.serialize(state).toString() === ownParams(new URLSearchParams(search), definition.keys),
    [definition, search, state],
  );

  const writes = writesOf(useContext(UNSAFE_NavigationContext).navigator);
  useLayoutEffect(() => {
    writes.rendered(search);
  }, [writes, search]);
  const write = useCallback(
    (params: URLSearchParams, replace: boolean) => {
      writes.wrote(params.toString());
      setSearchParams(params, { replace });
    },
    [writes, setSearchParams],
  );

  useEffect(() => {
    if (isCanonical) return;
    // Built on the last write, like a change: another state of the page may have written since this render.
    const current = new URLSearchParams(writes.latest());
    const own = definition.serialize(definition.parse(current));
    if (own.toString() !== ownParams(current, definition.keys)) {
      write(mergeParams(own, current, definition.keys), true);
    }
    // Again at each URL: one that is still not canonical (another link, Back) is corrected too.
  }, [isCanonical, search, write, writes, definition]);

  const update = useCallback(
    (next: UrlStateUpdate<T>, options: UrlStateUpdateOptions = {}) => {
      const current = new URLSearchParams(writes.latest());
      const value = typeof next === 'function' ? next(definition.parse(current)) : next;
      write(mergeParams(definition.serialize(value), current, definition.keys), options.replace ?? false);
    },
    [definition, write, writes],
  );

  return [state, update];
}
