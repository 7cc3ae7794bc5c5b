import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

// zod's classic API: its schemas carry every method and build their JSON Schema parts at load.
const CLASSIC_ZOD = /[\\/]zod[\\/]v4[\\/]classic[\\/]/;

/**
 * Fails the build when a page opened signed out loads zod's classic API: the contracts it reaches are
 * written with `zod/mini` (docs/decisions/0030), and one classic import would bring the whole API back
 * into the page's chunks. `pages` are the pages' modules; `entry` is the entry that starts them.
 */
export function zodClassicCheck(entry: string, pages: readonly URL[]): Plugin {
  const pageFiles = pages.map((page) => fileURLToPath(page));
  return {
    name: 'portal-zod-classic-check',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const start = chunks.find((chunk) => chunk.isEntry && chunk.name === entry);
      if (start === undefined) this.error(`No entry named ${entry}`);
      for (const page of pageFiles) {
        const pageChunk = chunks.find((chunk) => chunk.facadeModuleId === page);
        if (pageChunk === undefined) this.error(`No chunk starts at ${page}`);
        // What the page's first render needs: the entry's and the page's static imports.
        const reached = new Set<string>();
        const pending = [start.fileName, pageChunk.fileName];
        for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
          const chunk = byFile.get(file);
          if (chunk === undefined || reached.has(file)) continue;
          reached.add(file);
          pending.push(...chunk.imports);
          if (chunk.moduleIds.some((id) => CLASSIC_ZOD.test(id))) {
            this.error(`${page} loads zod's classic API through ${chunk.fileName}: use zod/mini on its path`);
          }
        }
      }
    },
  };
}
