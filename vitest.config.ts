import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Tests import the contracts from source so that no build is needed before `vitest run`.
const contracts = fileURLToPath(new URL('./packages/contracts/src/', import.meta.url));
const alias = [{ find: /^@portal\/contracts\/(.*)$/, replacement: `${contracts}$1.ts` }];

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: { name: 'contracts', root: 'packages/contracts', environment: 'node' },
      },
      {
        resolve: { alias },
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'web',
          root: 'apps/web',
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
          // A page test renders the whole app in jsdom: under a loaded machine (two cores, builds beside
          // it) one took over five seconds that takes under one when idle.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
