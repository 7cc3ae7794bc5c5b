// `npm start`: build when needed, then run the server in the foreground (it prints the URL and demo sign-ins).
import { spawn } from 'node:child_process';
import { root } from './build-state.mjs';

await import('./ensure-build.mjs');

const server = spawn(process.execPath, ['apps/server/dist/server.js'], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
