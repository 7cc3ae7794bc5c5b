// `npm run bench:search`: the substring search of the transaction list, and its capped counts, at
// 100,000 and 1,000,000 transactions on SQLite and (with BENCH_DATABASE_URL) PostgreSQL. The server and
// contracts are read from their sources, through this folder's tsconfig, so that no build is needed first.
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

await tsImport('./search/run.ts', {
  parentURL: import.meta.url,
  tsconfig: fileURLToPath(new URL('./tsconfig.json', import.meta.url)),
});
