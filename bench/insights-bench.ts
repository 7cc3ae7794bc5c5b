// `npx tsx bench/insights-bench.ts`: the data insights call for 90 days at 100,000 and 1,000,000
// transactions, on SQLite and (with BENCH_DATABASE_URL) PostgreSQL, printed as ratios. The server and
// contracts are read from their sources, through this folder's tsconfig, so that no build is needed.
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

await tsImport('./insights/run.ts', {
  parentURL: import.meta.url,
  tsconfig: fileURLToPath(new URL('./tsconfig.json', import.meta.url)),
});
