import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The build's manifest (`build.manifest` in apps/web/vite.config.ts): each chunk by its source. */
const MANIFEST_FILE = join('.vite', 'manifest.json');

interface ManifestChunk {
  readonly file: string;
  readonly imports?: readonly string[];
}

type Manifest = Readonly<Record<string, ManifestChunk>>;

/** A page's module in the portal's sources: `signIn` is `src/pages/sign-in/sign-in-page.tsx`. */
function pageModuleSource(page: string): string {
  const folder = page.replaceAll(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
  return `src/pages/${folder}/${folder}-page.tsx`;
}

/** A chunk's file and every chunk it imports statically, however deep. */
function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (chunk === undefined || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

/**
 * The `<link rel="modulepreload">` of each page's own chunks: the page's module and what it imports that
 * its entry does not already load. Sent in the page's HTML, they download beside the entry instead of
 * after it has run and the router has matched the page. A build without a manifest, or a page not found
 * in it, gets no links: the page loads as it did, only later.
 */
export function pagePreloads(
  webDist: string,
  entry: string,
  pages: readonly string[],
): ReadonlyMap<string, string> {
  const path = join(webDist, MANIFEST_FILE);
  const preloads = new Map<string, string>();
  if (!existsSync(path)) return preloads;
  const manifest = JSON.parse(readFileSync(path, 'utf8')) as Manifest;
  const loadedByEntry = staticClosure(manifest, entry);
  for (const page of pages) {
    const files = [...staticClosure(manifest, pageModuleSource(page))].filter(
      (file) => !loadedByEntry.has(file),
    );
    preloads.set(
      page,
      files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join(''),
    );
  }
  return preloads;
}
