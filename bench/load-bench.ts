// `npm run bench:load [-- --check]`: 80 clients mixing list, detail, totals and action calls against a
// million transactions, without and then with two CSV exports streaming, on SQLite and (with
// BENCH_DATABASE_URL) PostgreSQL; p50, p99 and requests per second beside their budget
// (load/budget.json). `BENCH_MIXED_SECONDS` shortens each phase (60 by default), `BENCH_ROWS` the data.
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

await tsImport('./load/run.ts', {
  parentURL: import.meta.url,
  tsconfig: fileURLToPath(new URL('./tsconfig.json', import.meta.url)),
});
