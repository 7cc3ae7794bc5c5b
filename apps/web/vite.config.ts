import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { mantineStylesCheck } from './build/mantine-styles-check';
import { precompress } from './build/precompress';
import { zodClassicCheck } from './build/zod-classic-check';

// The contracts are compiled from source, so the portal never waits for (or ships a stale) contracts build.
const contracts = fileURLToPath(new URL('../../packages/contracts/src/', import.meta.url));

// The API server (with its identity provider) runs on its own port during development.
const server = 'http://localhost:3000';

export default defineConfig({
  plugins: [
    react(),
    mantineStylesCheck({
      index: fileURLToPath(new URL('src/app/app-styles.css', import.meta.url)),
      public: fileURLToPath(new URL('src/app/light-styles.css', import.meta.url)),
    }),
    zodClassicCheck(
      'public',
      ['sign-in', 'forgot-password', 'activate', 'password-reset'].map(
        (page) => new URL(`src/pages/${page}/${page}-page.tsx`, import.meta.url),
      ),
    ),
    precompress(),
  ],
  resolve: {
    alias: [{ find: /^@portal\/contracts\/(.*)$/, replacement: `${contracts}$1.ts` }],
  },
  server: {
    proxy: { '/api': server, '/oidc': server, '/healthz': server },
  },
  build: {
    // The machines building this have two cores: no source maps or size report to compute on every build.
    sourcemap: false,
    reportCompressedSize: false,
    // The server reads which chunks each page loads, to preload them in its HTML (apps/server/src/http/
    // page-preloads.ts).
    manifest: true,
    rolldownOptions: {
      // The signed-in app, and the light entry of the pages opened signed out (docs/decisions/0014).
      input: {
        index: fileURLToPath(new URL('index.html', import.meta.url)),
        public: fileURLToPath(new URL('public.html', import.meta.url)),
      },
      output: {
        // React changes less often than the portal: in a chunk of its own it stays cached across
        // deployments, and every page needs all of it. Mantine is not grouped so: one chunk of all its
        // components made the sign-in form load the tables' and the dialogs' (docs/decisions/0014).
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ }],
        },
      },
    },
  },
});
