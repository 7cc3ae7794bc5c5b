import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import type { Plugin } from 'vite';
import { chunksOf, entryChunk, reachedChunks } from './reached-chunks';

// A module of a Mantine component or of a part that has styles of its own (`utils/InlineInput`):
// its folder names its styles file.
const MANTINE_MODULE = /[\\/]@mantine[\\/]core[\\/]esm[\\/](?:components|utils)[\\/]/;
const IMPORTED_STYLES = /@import '@mantine\/core\/styles\/([A-Za-z]+)\.layer\.css';/g;

/**
 * Fails the build when a Mantine component that an entry reaches (its chunks and the chunks they load
 * later) has styles of its own that the entry's styles file does not import. Each entry imports
 * Mantine's styles component by component (src/app/*-styles.css): a page using another component would
 * show it unstyled.
 */
export function mantineStylesCheck(stylesFiles: Readonly<Record<string, string>>): Plugin {
  const stylesFolder = join(
    dirname(createRequire(import.meta.url).resolve('@mantine/core/styles.css')),
    'styles',
  );
  return {
    name: 'portal-mantine-styles-check',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = chunksOf(bundle);
      for (const [entry, stylesFile] of Object.entries(stylesFiles)) {
        const styled = new Set(
          [...readFileSync(stylesFile, 'utf8').matchAll(IMPORTED_STYLES)].map((match) => match[1]),
        );
        const start = entryChunk(chunks, entry);
        if (start === undefined) this.error(`No entry named ${entry}`);
        const parts = new Set<string>();
        for (const chunk of reachedChunks(chunks, [start], { dynamic: true })) {
          for (const id of chunk.moduleIds) if (MANTINE_MODULE.test(id)) parts.add(basename(dirname(id)));
        }
        const missing = [...parts].filter(
          (part) => existsSync(join(stylesFolder, `${part}.css`)) && !styled.has(part),
        );
        if (missing.length > 0) {
          this.error(
            `The ${entry} entry uses Mantine components whose styles it does not import: ${missing.sort().join(', ')}`,
          );
        }
      }
    },
  };
}
