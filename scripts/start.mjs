// `npm start`: build when needed, then run the server in the foreground (it prints the URL and demo sign-ins).
// It is the demo: it asks for demo data explicitly (DEMO_DATA=true) unless the caller chose a value or
// runs it with NODE_ENV=production, where the server refuses demo data. The server alone seeds nothing.
import { spawn } from 'node:child_process';
import { root } from './build-state.mjs';

await import('./ensure-build.mjs');

const demoData = process.env.DEMO_DATA ?? (process.env.NODE_ENV === 'production' ? 'false' : 'true');
const env = { ...process.env, DEMO_DATA: demoData };
const server = spawn(process.execPath, ['apps/server/dist/server.js'], { cwd: root, stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
