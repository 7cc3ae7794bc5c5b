import { execFileSync, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './test/free-port.js';

/**
 * The process entry as `npm start` runs it: the built JavaScript in a child process. These tests are
 * about start-up, exit codes and signals, which do not depend on the dialect, so they use SQLite (and
 * an unreachable PostgreSQL URL for the failure case).
 */

const repo = fileURLToPath(new URL('../../../', import.meta.url));
const serverEntry = join(repo, 'apps/server/dist/server.js');

function newestModification(folder: string): number {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .reduce((newest, file) => Math.max(newest, statSync(join(folder, file)).mtimeMs), 0);
}

/** Builds a package when its output is missing or older than its sources, so the test runs today's code. */
function ensureBuilt(packageFolder: string, output: string): void {
  const built = join(repo, packageFolder, output);
  if (existsSync(built) && statSync(built).mtimeMs >= newestModification(join(repo, packageFolder, 'src')))
    return;
  execFileSync('npx', ['tsc', '-p', join(packageFolder, 'tsconfig.build.json')], {
    cwd: repo,
    stdio: 'inherit',
  });
}

interface Started {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

function start(env: Record<string, string>, cwd: string): Started {
  const child = spawn(process.execPath, [serverEntry], {
    cwd,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'development', LOG_LEVEL: 'info', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  return { child, stdout: () => stdout, stderr: () => stderr, exited };
}

async function waitFor(started: Started, text: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!started.stdout().includes(text)) {
    if (started.child.exitCode !== null) throw new Error(`exited early: ${started.stderr()}`);
    if (Date.now() > deadline) throw new Error(`no "${text}" within ${timeoutMs} ms: ${started.stdout()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('server.ts, the process entry', () => {
  let workdir: string;

  beforeAll(() => {
    ensureBuilt('packages/contracts', 'dist/api.js');
    ensureBuilt('apps/server', 'dist/server.js');
    workdir = mkdtempSync(join(tmpdir(), 'portal-server-'));
  }, 120_000);

  afterAll(() => {
    rmSync(workdir, { recursive: true, force: true });
  });

  it('refuses a bad configuration with exit code 1, naming every bad variable', async () => {
    const started = start({ PORT: 'abc', BRAND: 'acme' }, workdir);
    expect(await started.exited).toBe(1);
    expect(started.stderr()).toContain('PORT: must be a whole number from 0 to 65535 (got "abc")');
    expect(started.stderr()).toContain('BRAND: must be one of bread, rbc (got "acme")');
    expect(started.stderr()).not.toMatch(/\n\s+at /);
  });

  it('exits 1 with one clear line when the database cannot be reached', async () => {
    const port = await freePort();
    const started = start({ DATABASE_URL: `postgres://portal:secret@127.0.0.1:${port}/portal` }, workdir);
    expect(await started.exited).toBe(1);
    const lines = started.stderr().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`Cannot reach the PostgreSQL database at 127.0.0.1:${port}/portal`);
    expect(lines[0]).toContain('ECONNREFUSED');
    expect(lines[0]).not.toContain('secret');
  });

  it('starts with demo data, prints the URL and the sign-ins, serves, and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const env = {
      PORT: String(port),
      DATABASE_URL: `sqlite:${join(workdir, 'demo.sqlite')}`,
      DEMO_DATA: 'true',
    };
    const started = start(env, workdir);
    await waitFor(started, 'internal.support@provider.demo');
    expect(started.stdout()).toContain(`open http://localhost:${port}`);
    expect(started.stdout()).toContain('Demo sign-ins (password Demo-Password-1)');
    expect(started.stdout()).toContain('seeding demo data');

    const base = `http://127.0.0.1:${port}`;
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    const publicConfig = await fetch(`${base}/api/public-config`);
    expect(publicConfig.headers.get('x-api-version')).toBe('v2');
    expect(await publicConfig.json()).toMatchObject({ brand: 'bread', demo: true });

    started.child.kill('SIGTERM');
    expect(await started.exited).toBe(0);
    expect(started.stdout()).toContain('"msg":"stopped"');

    // The second start finds the data and leaves it alone.
    const again = start(env, workdir);
    await waitFor(again, 'Demo sign-ins');
    expect(again.stdout()).not.toContain('seeding demo data');
    again.child.kill('SIGINT');
    expect(await again.exited).toBe(0);

    // The keys it stored are sealed with the development key file next to the database: another key
    // stops the start with one clear line.
    const keyFile = join(workdir, 'key-encryption.key');
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    const otherKey = 'b'.repeat(64);
    const wrongKey = start({ ...env, KEY_ENCRYPTION_KEY: otherKey }, workdir);
    expect(await wrongKey.exited).toBe(1);
    const lines = wrongKey.stderr().trim().split('\n');
    expect(lines.at(-1)).toMatch(/^merchant-portal: KEY_ENCRYPTION_KEY does not open the stored key /);
    expect(wrongKey.stderr() + wrongKey.stdout()).not.toContain(otherKey);
    expect(wrongKey.stdout()).not.toContain(readFileSync(keyFile, 'utf8').trim());
  });

  it('refuses to start in production without KEY_ENCRYPTION_KEY, or with demo data', async () => {
    const started = start({ NODE_ENV: 'production', DEMO_DATA: 'true' }, workdir);
    expect(await started.exited).toBe(1);
    expect(started.stderr()).toContain('KEY_ENCRYPTION_KEY: must be set when NODE_ENV is production');
    expect(started.stderr()).toContain('DEMO_DATA: must not be true when NODE_ENV is production');
  });

  it('seeds nothing and prints no sign-ins on a plain start', async () => {
    const port = await freePort();
    const started = start(
      { PORT: String(port), DATABASE_URL: `sqlite:${join(workdir, 'empty.sqlite')}`, BRAND: 'rbc' },
      workdir,
    );
    await waitFor(started, 'Merchant portal listening');
    expect(started.stdout()).not.toContain('Demo sign-ins');
    expect(started.stdout()).not.toContain('seeding demo data');
    const answer = await fetch(`http://127.0.0.1:${port}/api/public-config`);
    expect(await answer.json()).toMatchObject({ brand: 'rbc', demo: false, locales: ['en', 'fr-CA'] });
    started.child.kill('SIGTERM');
    expect(await started.exited).toBe(0);
  });
});
