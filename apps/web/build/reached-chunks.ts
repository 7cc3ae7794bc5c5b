import type { Rolldown } from 'vite';

type OutputChunk = Rolldown.OutputChunk;

/** The bundle's chunks by file name. */
export function chunksOf(bundle: Rolldown.OutputBundle): Map<string, OutputChunk> {
  return new Map(
    Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [[output.fileName, output]] : [])),
  );
}

/** The chunk that starts the entry named `name` (rollupOptions.input's key), if the bundle has one. */
export function entryChunk(chunks: ReadonlyMap<string, OutputChunk>, name: string): OutputChunk | undefined {
  return [...chunks.values()].find((chunk) => chunk.isEntry && chunk.name === name);
}

/**
 * The chunks that `starts` load, themselves included: their static imports, and with `dynamic` the
 * chunks they load later too.
 */
export function reachedChunks(
  chunks: ReadonlyMap<string, OutputChunk>,
  starts: readonly OutputChunk[],
  { dynamic }: { readonly dynamic: boolean },
): OutputChunk[] {
  const reached = new Map<string, OutputChunk>();
  const pending = starts.map((chunk) => chunk.fileName);
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    const chunk = chunks.get(file);
    if (chunk === undefined || reached.has(file)) continue;
    reached.set(file, chunk);
    pending.push(...chunk.imports, ...(dynamic ? chunk.dynamicImports : []));
  }
  return [...reached.values()];
}
