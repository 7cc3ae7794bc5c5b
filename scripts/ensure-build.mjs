// Builds the portal only when a build output is missing, so `npm start` reuses an existing build.
import { isBuilt } from './build-state.mjs';
import { run } from './run.mjs';

if (!isBuilt()) {
  console.log('No build found: building the portal (about a minute)…');
  const code = await run('npm', ['run', 'build']);
  if (code !== 0) process.exit(code);
}
