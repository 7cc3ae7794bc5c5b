import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

const COMPONENT = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]([A-Za-z]+)[\\/]/;
const IMPORTED_STYLES = /@import '@mantine\/core\/styles\/([A-Za-z]+)\.layer\.css';/g;

/**
 * Fails the build when a Mantine component reachable from `entry` (its chunks and the chunks they load
 * later) has styles of its own that `stylesFile` does not import: the light entry imports component
 * styles one by one (src/app/light-styles.css), and a page of it using another component would show it
 * unstyled.
 */
export function mantineStylesCheck(entry: string, stylesFile: string): Plugin {
  const stylesFolder = join(
    dirname(createRequire(import.meta.url).resolve('@mantine/core/styles.css')),
    'styles',
  );
  return {
    name: 'portal-mantine-styles-check',
    apply: 'build',
    generateBundle(_options, bundle) {
      const styled = new Set(
        [...readFileSync(stylesFile, 'utf8').matchAll(IMPORTED_STYLES)].map((match) => match[1]),
      );
      const chunks = new Map(
        Object.values(bundle).flatMap((output) =>
          output.type === 'chunk' ? [[output.fileName, output]] : [],
        ),
      );
      const start = [...chunks.values()].find((chunk) => chunk.isEntry && chunk.name === entry);
      if (start === undefined) this.error(`No entry named ${entry}`);
      const reached = new Set<string>();
      const pending = [start.fileName];
      const components = new Set<string>();
      for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
        const chunk = chunks.get(file);
        if (chunk === undefined || reached.has(file)) continue;
        reached.add(file);
        pending.push(...chunk.imports, ...chunk.dynamicImports);
        for (const id of chunk.moduleIds) {
          const component = COMPONENT.exec(id)?.[1];
          if (component !== undefined) components.add(component);
        }
      }
      const missing = [...components].filter(
        (component) => existsSync(join(stylesFolder, `${component}.css`)) && !styled.has(component),
      );
      if (missing.length > 0) {
        this.error(
          `The ${entry} entry uses Mantine components whose styles it does not import: ${missing.sort().join(', ')}`,
        );
      }
    },
  };
}
