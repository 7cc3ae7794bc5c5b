// `npm run bench:server [-- --check]`: the cost of the request pipeline and of the CSV export, each
// beside the floor it is measured against (bare node:http sending the same bytes; the database's own
// CSV dump), on SQLite and (with BENCH_DATABASE_URL) PostgreSQL. Figures are printed beside their budget
// (server/budget.json); `--check` fails past one. The server is read from its sources (no build first).
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

await tsImport('./server/run.ts', {
  parentURL: import.meta.url,
  tsconfig: fileURLToPath(new URL('./tsconfig.json', import.meta.url)),
});
