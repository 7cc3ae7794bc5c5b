// `npx tsx bench/settlement-bench.ts`: the settlement report's cost at 100k and 1M funding rows on
// SQLite and (with BENCH_DATABASE_URL) PostgreSQL. The server and contracts are read from their sources,
// through this folder's tsconfig, so that no build is needed first.
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

await tsImport('./settlement/run.ts', {
  parentURL: import.meta.url,
  tsconfig: fileURLToPath(new URL('./tsconfig.json', import.meta.url)),
});
