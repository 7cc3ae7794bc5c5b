// `npx tsx bench/settlement-memory-bench.ts`: the memory of the settlement CSV
// and XLSX downloads of a 100-day report at 100k and 1M transactions, on SQLite and (with
// BENCH_DATABASE_URL) PostgreSQL. The server and contracts are read from their sources, through this
// folder's tsconfig, so that no build is needed first. BENCH_SERVER_NODE_OPTIONS gives the server's
// process options of its own, e.g. `--max-old-space-size=48`: whether a download completes under a cap
// on the heap tells memory it keeps from garbage V8 has not yet collected.
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

await tsImport('./settlement/memory.ts', {
  parentURL: import.meta.url,
  tsconfig: fileURLToPath(new URL('./tsconfig.json', import.meta.url)),
});
