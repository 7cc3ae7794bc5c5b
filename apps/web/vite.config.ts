import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The contracts are compiled from source, so the portal never waits for (or ships a stale) contracts build.
const contracts = fileURLToPath(new URL('../../packages/contracts/src/', import.meta.url));

// The API server (with its identity provider) runs on its own port during development.
const server = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
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
    rolldownOptions: {
      output: {
        // Libraries change less often than the portal: in chunks of their own they stay cached across
        // deployments. Only what boot needs is named here, so that page-only libraries stay lazy.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            { name: 'mantine', test: /node_modules[\\/](@mantine[\\/](core|hooks)|@floating-ui)[\\/]/ },
          ],
        },
      },
    },
  },
});
