// `npm run bench`: the transaction list's figures of issue 4 on SQLite and (with
// BENCH_DATABASE_URL) PostgreSQL. The server and contracts are read from their sources, through this
// folder's tsconfig, so that no build is needed first.
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

await tsImport('./transactions/run.ts', {
  parentURL: import.meta.url,
  tsconfig: fileURLToPath(new URL('./tsconfig.json', import.meta.url)),
});
