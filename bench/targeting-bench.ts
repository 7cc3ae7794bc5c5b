// `npm run bench:targeting`: the targeting export's preview (first shoppers and their count) and its CSV
// for a window of 30 days and of a year, at 100,000 and 1,000,000 transactions, on SQLite and (with
// BENCH_DATABASE_URL) PostgreSQL, printed beside bench/targeting/budget.json (`-- --check` exits 1 past
// it). The server and contracts are read from their sources, through this folder's tsconfig.
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

await tsImport('./targeting/run.ts', {
  parentURL: import.meta.url,
  tsconfig: fileURLToPath(new URL('./tsconfig.json', import.meta.url)),
});
