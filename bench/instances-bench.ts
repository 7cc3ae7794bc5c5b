// `npm run bench:instances`: requests per second of a read call through a round-robin proxy with one and
// with two server processes on one PostgreSQL database (BENCH_DATABASE_URL). The server and contracts
// are read from their sources, through this folder's tsconfig; the processes run the build.
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

await tsImport('./instances/run.ts', {
  parentURL: import.meta.url,
  tsconfig: fileURLToPath(new URL('./tsconfig.json', import.meta.url)),
});
