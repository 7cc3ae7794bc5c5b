import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { chunksOf, entryChunk, reachedChunks } from './reached-chunks';

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
      const chunks = chunksOf(bundle);
      const start = entryChunk(chunks, entry);
      if (start === undefined) this.error(`No entry named ${entry}`);
      for (const page of pageFiles) {
        const pageChunk = [...chunks.values()].find((chunk) => chunk.facadeModuleId === page);
        if (pageChunk === undefined) this.error(`No chunk starts at ${page}`);
        // What the page's first render needs: the entry's and the page's static imports.
        for (const chunk of reachedChunks(chunks, [start, pageChunk], { dynamic: false })) {
          if (chunk.moduleIds.some((id) => CLASSIC_ZOD.test(id))) {
            this.error(`${page} loads zod's classic API through ${chunk.fileName}: use zod/mini on its path`);
          }
        }
      }
    },
  };
}
