import { useCallback, useSyncExternalStore } from 'react';
import {
  getProgramSelection,
  setProgramSelection,
  type ProgramSelection,
} from '../../lib/storage/portal-storage';

// One value per merchant for the whole session, so that the header's picker and a page agree.
const cache = new Map<string, ProgramSelection>();
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function readSelection(merchantId: string): ProgramSelection {
  let selection = cache.get(merchantId);
  if (!selection) {
    selection = getProgramSelection(merchantId);
    cache.set(merchantId, selection);
  }
  return selection;
}

function writeSelection(merchantId: string, selection: ProgramSelection): void {
  setProgramSelection(merchantId, selection);
  cache.set(merchantId, selection);
  for (const listener of listeners) listener();
}

/** The merchant's program selection (specification §3): stored per merchant, every program by default. */
export function useProgramSelection(
  merchantId: string,
): [ProgramSelection, (selection: ProgramSelection) => void] {
  const selection = useSyncExternalStore(subscribe, () => readSelection(merchantId));
  const change = useCallback(
    (next: ProgramSelection) => {
      writeSelection(merchantId, next);
    },
    [merchantId],
  );
  return [selection, change];
}

/**
 * The ids of the selected programs among the merchant's: all of them while every program is selected,
 * including programs the merchant joined after the selection was made.
 */
export function selectedProgramIds(selection: ProgramSelection, programIds: readonly string[]): string[] {
  if (selection.allProgramsSelected) return [...programIds];
  const chosen = new Set(selection.programs);
  return programIds.filter((id) => chosen.has(id));
}
