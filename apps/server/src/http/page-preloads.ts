import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The build's manifest (`build.manifest` in apps/web/vite.config.ts): each chunk by its source. */
const MANIFEST_FILE = join('.vite', 'manifest.json');

interface ManifestChunk {
  readonly file: string;
  readonly imports?: readonly string[];
}

type Manifest = Readonly<Record<string, ManifestChunk>>;

/**
 * Where a page's module may be in the portal's sources: in the folder of its name (`signIn` is
 * `src/pages/sign-in/sign-in-page.tsx`), or, for a page shown over a list at a longer path
 * (`/transactions/:transactionId`), in the folder of its path's first segment, the list's.
 */
function pageModuleSources(page: string, path: string): string[] {
  const named = page.replaceAll(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
  const first = path.split('/')[1] ?? named;
  return [named, first].map((folder) => `src/pages/${folder}/${folder}-page.tsx`);
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
  pages: readonly (readonly [page: string, path: string])[],
): ReadonlyMap<string, string> {
  const file = join(webDist, MANIFEST_FILE);
  const preloads = new Map<string, string>();
  if (!existsSync(file)) return preloads;
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  const loadedByEntry = staticClosure(manifest, entry);
  for (const [page, path] of pages) {
    const source = pageModuleSources(page, path).find((candidate) => manifest[candidate] !== undefined);
    if (source === undefined) continue;
    const files = [...staticClosure(manifest, source)].filter((chunk) => !loadedByEntry.has(chunk));
    preloads.set(
      page,
      files.map((chunk) => `<link rel="modulepreload" crossorigin href="/${chunk}">`).join(''),
    );
  }
  return preloads;
}
