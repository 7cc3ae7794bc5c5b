// `npm start`: build when needed, then run the server in the foreground (it prints the URL and demo sign-ins).
// It is the demo: it asks for demo data explicitly (DEMO_DATA=true) unless the caller chose a value or
// runs it with NODE_ENV=production, where the server refuses demo data. The server alone seeds nothing.
import { spawn } from 'node:child_process';
import { root } from './build-state.mjs';

await import('./ensure-build.mjs');

const demoData = process.env.DEMO_DATA ?? (process.env.NODE_ENV === 'production' ? 'false' : 'true');
// The demo's history ends yesterday (noon UTC), so that presets such as "last 7 days" show rows on any day.
const yesterdayNoon = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10) + 'T12:00:00.000Z';
const env = {
  ...process.env,
  DEMO_DATA: demoData,
  DEMO_REFERENCE_DATE: process.env.DEMO_REFERENCE_DATE ?? yesterdayNoon,
};
const server = spawn(process.execPath, ['apps/server/dist/server.js'], { cwd: root, stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
