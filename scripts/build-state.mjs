import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The files whose presence means the portal is built; `npm start` builds only when one is missing. */
export const BUILD_OUTPUTS = [
  'packages/contracts/dist/routes.js',
  'apps/server/dist/server.js',
  'apps/web/dist/index.html',
].map((path) => `${root}${path}`);

export function isBuilt() {
  return BUILD_OUTPUTS.every((path) => existsSync(path));
}

export { root };
