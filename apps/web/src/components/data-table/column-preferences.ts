import { useCallback, useMemo, useState } from 'react';
import { z } from 'zod';

/**
 * Which columns a list shows and in which order, per list and browser. Not part of the session's
 * storage of the specification (§3): a key of its own, `portal.columns.<list>`, that nothing else reads.
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
 * columns join at their default place, so a release that adds a column does not hide it.
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

/** The column choice of one list, read from and written to local storage. */
export function useColumnPreferences(
  list: string,
  columnIds: readonly string[],
  defaultHidden: readonly string[] = [],
): ColumnPreferencesApi {
  const [preferences, setPreferences] = useState(() =>
    fitPreferences(readStored(list), columnIds, defaultHidden),
  );

  const change = useCallback(
    (next: (current: ColumnPreferences) => ColumnPreferences) => {
      setPreferences((current) => {
        const value = next(current);
        writeStored(list, value);
        return value;
      });
    },
    [list],
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
    setPreferences({ order: [...columnIds], hidden: new Set(defaultHidden) });
  }, [list, columnIds, defaultHidden]);

  const customized = useMemo(
    () =>
      preferences.order.join() !== columnIds.join() ||
      [...preferences.hidden].sort().join() !== [...defaultHidden].sort().join(),
    [preferences, columnIds, defaultHidden],
  );

  return { ...preferences, setVisible, move, reset, customized };
}
