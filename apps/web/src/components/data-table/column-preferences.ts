import { useCallback, useEffect, useMemo, useState } from 'react';
import { z } from 'zod';

/**
 * Which columns a list shows and in which order, remembered per list and browser. Not part of the
 * session's storage of the specification (§3): a key of its own, `portal.columns.<list>`, that nothing
 * else reads.
 */
export const COLUMN_PREFERENCES_PREFIX = 'portal.columns.';

const storedSchema = z.object({
  order: z.array(z.string()).max(100),
  hidden: z.array(z.string()).max(100),
});

export interface ColumnPreferences {
  /** Every column id, in the order shown. */
  readonly order: readonly string[];
  readonly hidden: ReadonlySet<string>;
}

export interface ColumnPreferencesApi extends ColumnPreferences {
  readonly setVisible: (id: string, visible: boolean) => void;
  /** Moves a column one place earlier (-1) or later (+1). */
  readonly move: (id: string, step: -1 | 1) => void;
  readonly reset: () => void;
  /** Whether anything differs from the list's own default. */
  readonly customized: boolean;
}

function storageKey(list: string): string {
  return `${COLUMN_PREFERENCES_PREFIX}${list}`;
}

/**
 * What was stored, fitted to the columns the list has now: ids that no longer exist are dropped and new
 * columns join at their default place, shown unless optional, so a release that adds a column does not
 * hide it.
 */
export function fitPreferences(
  stored: unknown,
  columnIds: readonly string[],
  defaultHidden: readonly string[],
): ColumnPreferences {
  const fallback = { order: [...columnIds], hidden: new Set(defaultHidden) };
  const parsed = storedSchema.safeParse(stored);
  if (!parsed.success) return fallback;
  const known = new Set(columnIds);
  const order = [...new Set(parsed.data.order)].filter((id) => known.has(id));
  for (const [index, id] of columnIds.entries()) {
    if (!order.includes(id)) order.splice(Math.min(index, order.length), 0, id);
  }
  const hidden = new Set(parsed.data.hidden.filter((id) => known.has(id)));
  // A column new since the choice was made joins as the list has it: optional ones stay hidden.
  const chosenBefore = new Set(parsed.data.order);
  for (const id of defaultHidden) if (!chosenBefore.has(id)) hidden.add(id);
  // A list with every column hidden would show nothing and leave nothing to click to bring one back.
  return hidden.size >= columnIds.length ? fallback : { order, hidden };
}

function readStored(list: string): unknown {
  try {
    const text = localStorage.getItem(storageKey(list));
    return text === null ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

function writeStored(list: string, preferences: ColumnPreferences | null): void {
  try {
    if (preferences === null) localStorage.removeItem(storageKey(list));
    else {
      const value = { order: preferences.order, hidden: [...preferences.hidden] };
      localStorage.setItem(storageKey(list), JSON.stringify(value));
    }
  } catch {
    // Storage full or disabled: the choice holds for this visit only.
  }
}

/** The columns shown, in order: what the URL names. */
export function shownColumns(preferences: ColumnPreferences): string[] {
  return preferences.order.filter((id) => !preferences.hidden.has(id));
}

/**
 * The choice a link names (the columns shown, in order), fitted like a stored one: the columns it does
 * not name are hidden, at their default place. Undefined when it names none the list has.
 */
export function linkedPreferences(
  shown: readonly string[],
  columnIds: readonly string[],
): ColumnPreferences | undefined {
  const known = shown.filter((id) => columnIds.includes(id));
  if (known.length === 0) return undefined;
  return fitPreferences(
    { order: known, hidden: columnIds.filter((id) => !known.includes(id)) },
    columnIds,
    [],
  );
}

function samePreferences(a: ColumnPreferences, b: ColumnPreferences): boolean {
  return shownColumns(a).join() === shownColumns(b).join();
}

/** The columns of the list's URL (`ListState`): the ids shown, in order, and how to set them. */
export interface LinkedColumns {
  readonly columns: readonly string[];
  readonly setColumns: (columns: readonly string[], options?: { readonly replace?: boolean }) => void;
}

/**
 * The column choice of one list. It is part of the list's URL (`columns`, the ids shown in order, when
 * they differ from the list's default), so that a link shows the same columns; a URL without it shows
 * the choice remembered in local storage, and is completed with it in place.
 */
export function useColumnPreferences(
  list: string,
  columnIds: readonly string[],
  defaultHidden: readonly string[],
  { columns: linkedIds, setColumns }: LinkedColumns,
): ColumnPreferencesApi {
  const defaults = useMemo(
    () => ({ order: [...columnIds], hidden: new Set(defaultHidden) }),
    [columnIds, defaultHidden],
  );
  const [stored, setStored] = useState(() => fitPreferences(readStored(list), columnIds, defaultHidden));
  const linkedText = linkedIds.join();
  const linked = useMemo(
    () => linkedPreferences(linkedText === '' ? [] : linkedText.split(','), columnIds),
    [linkedText, columnIds],
  );
  const preferences = linked ?? stored;

  // The URL names the columns shown, and only those the list has: a URL without them (or with ones
  // no longer offered) is completed in place, so that copying it shares them.
  const wanted = samePreferences(preferences, defaults) ? '' : shownColumns(preferences).join();
  useEffect(() => {
    if (wanted !== linkedText) setColumns(wanted === '' ? [] : wanted.split(','), { replace: true });
  }, [wanted, linkedText, setColumns]);

  const change = useCallback(
    (next: (current: ColumnPreferences) => ColumnPreferences) => {
      const value = next(preferences);
      if (value === preferences) return;
      writeStored(list, value);
      setStored(value);
      setColumns(samePreferences(value, defaults) ? [] : shownColumns(value));
    },
    [preferences, list, defaults, setColumns],
  );

  const setVisible = useCallback(
    (id: string, visible: boolean) => {
      change((current) => {
        const hidden = new Set(current.hidden);
        if (visible) hidden.delete(id);
        else if (current.order.length - hidden.size > 1) hidden.add(id);
        return { ...current, hidden };
      });
    },
    [change],
  );

  const move = useCallback(
    (id: string, step: -1 | 1) => {
      change((current) => {
        const order = [...current.order];
        const from = order.indexOf(id);
        const to = from + step;
        if (from < 0 || to < 0 || to >= order.length) return current;
        order.splice(from, 1);
        order.splice(to, 0, id);
        return { ...current, order };
      });
    },
    [change],
  );

  const reset = useCallback(() => {
    writeStored(list, null);
    setStored(defaults);
    setColumns([]);
  }, [list, defaults, setColumns]);

  const customized = !samePreferences(preferences, defaults);

  return { ...preferences, setVisible, move, reset, customized };
}
