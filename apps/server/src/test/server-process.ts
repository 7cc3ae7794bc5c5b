import { execFileSync, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root, from apps/server/src/test. */
export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const SERVER_ENTRY = join(REPO_ROOT, 'apps/server/dist/server.js');

function newestSource(folder: string): number {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .reduce((newest, file) => Math.max(newest, statSync(join(folder, file)).mtimeMs), 0);
}

/**
 * Builds the contracts and the server when their output is missing or older than their sources, so that
 * a test of the real process runs today's code (`npm test` has built them already).
 */
export function ensureServerBuilt(): void {
  for (const [folder, output] of [
    ['packages/contracts', 'dist/api.js'],
    ['apps/server', 'dist/server.js'],
  ] as const) {
    const built = join(REPO_ROOT, folder, output);
    if (existsSync(built) && statSync(built).mtimeMs >= newestSource(join(REPO_ROOT, folder, 'src')))
      continue;
    execFileSync('npx', ['tsc', '-p', join(folder, 'tsconfig.build.json')], {
      cwd: REPO_ROOT,
      stdio: 'inherit',
    });
  }
}

export interface ServerProcess {
  readonly child: ChildProcess;
  readonly output: () => string;
  readonly exited: Promise<number | null>;
}

/** `node apps/server/dist/server.js` with exactly this environment (and PATH). */
export function startServer(env: Readonly<Record<string, string>>): ServerProcess {
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  return { child, output: () => output, exited };
}

/** Resolves once the process printed `text`; rejects if it exits first or takes too long. */
export async function waitForOutput(server: ServerProcess, text: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!server.output().includes(text)) {
    if (server.child.exitCode !== null) throw new Error(`the server exited early:\n${server.output()}`);
    if (Date.now() > deadline)
      throw new Error(`no "${text}" within ${String(timeoutMs)} ms:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
