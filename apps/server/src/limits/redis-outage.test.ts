import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { endpointUrl } from '@portal/contracts/endpoint';
import { forgotPasswordEndpoint } from '@portal/contracts/passwords-endpoints';
import { buildApp } from '../app.js';
import type { DatabaseHandle } from '../db/database.js';
import { freePort } from '../test/free-port.js';
import { locationOf, PortalClient } from '../test/oidc-browser.js';
import { openTestDatabase } from '../test/test-database.js';
import { testConfig } from '../test/tokens.js';
import { hashPassword } from '../auth/password.js';

const PASSWORD = 'Correct-Horse-7';

/** A Redis of the test's own on a free port, which the test stops and starts again. */
class OwnRedis {
  private child: ChildProcess | undefined;
  readonly folder = mkdtempSync(join(tmpdir(), 'portal-redis-'));

  constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${String(this.port)}`;
  }

  async start(): Promise<void> {
    const child = spawn(
      'redis-server',
      [
        '--port',
        String(this.port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--dir',
        this.folder,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    this.child = child;
    await new Promise<void>((resolve, reject) => {
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) resolve();
      });
      child.once('exit', (code) => {
        reject(new Error(`redis-server ended (${String(code)}): ${output}`));
      });
    });
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (child === undefined || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

/**
 * A Redis that goes down must not let sign-in through unlimited, nor refuse it with a wrong reason:
 * rate-limited calls answer 503 in the API's error shape, the sign-in form says the sign-in is
 * unavailable (without checking the password), calls without a limit keep working, and everything
 * comes back by itself with Redis (docs/decisions/0023).
 */
describe('limits in a Redis that goes down and comes back', () => {
  let redis: OwnRedis;
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let base: string;
  let webDist: string;
  let email: string;

  beforeAll(async () => {
    redis = new OwnRedis(await freePort());
    await redis.start();
    webDist = mkdtempSync(join(tmpdir(), 'portal-web-'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>portal</title>');
    database = await openTestDatabase('sqlite');
    email = `user-${randomUUID().slice(0, 8)}@redis.test`;
    const now = new Date().toISOString();
    await database.db
      .insertInto('users')
      .values({
        id: randomUUID(),
        tenant_id: null,
        merchant_id: null,
        email,
        first_name: 'Robin',
        last_name: 'Tester',
        role: 'INTERNAL_ADMIN',
        status: 'ACTIVE',
        password_hash: await hashPassword(PASSWORD),
        invited_at: null,
        last_sign_in_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const port = await freePort();
    const config = testConfig({
      publicUrl: `http://127.0.0.1:${String(port)}`,
      redis: { url: redis.url, keyPrefix: 'portal:' },
    });
    app = await buildApp({ config, database, logger: pino({ level: 'silent' }), webDist });
    await app.listen({ host: '127.0.0.1', port });
    base = config.publicUrl;
  });

  afterAll(async () => {
    await app.close();
    await redis.stop();
    await database.destroy();
    rmSync(webDist, { recursive: true, force: true });
    rmSync(redis.folder, { recursive: true, force: true });
  });

  const forgotPassword = () =>
    fetch(`${base}${endpointUrl(forgotPasswordEndpoint)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@redis.test' }),
    });

  it('counts in Redis while it is up', async () => {
    expect((await forgotPassword()).status).toBe(202);
    const client = createClient({ url: redis.url });
    await client.connect();
    const keys = await client.keys('portal:rate:*');
    await client.close();
    expect(keys).toHaveLength(1);
  });

  it('answers 503 while it is down, and serves the calls without a limit', async () => {
    await redis.stop();
    const refused = await forgotPassword();
    expect(refused.status).toBe(503);
    expect(await refused.json()).toMatchObject({ error: { code: 'SERVICE_UNAVAILABLE' } });
    expect((await fetch(`${base}/healthz`)).status).toBe(200);

    const client = new PortalClient({ base });
    const { response } = await client.startSignIn();
    const loginPath = locationOf(response);
    const attempt = await client.submitSignIn(loginPath, email, PASSWORD);
    expect(attempt.status).toBe(303);
    expect(locationOf(attempt)).toBe(`${loginPath}?error=unavailable`);
  });

  it('signs in again once Redis is back, without a restart', async () => {
    await redis.start();
    // The client reconnects on its own schedule; the limited call succeeds once it has.
    await vi.waitFor(async () => {
      expect((await forgotPassword()).status).toBe(202);
    }, 15_000);
    const tokens = await new PortalClient({ base }).signIn(email, PASSWORD);
    expect(typeof tokens.access_token).toBe('string');
  });
});
