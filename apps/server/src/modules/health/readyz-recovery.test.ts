import { mkdtempSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import type { Server, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../db/database.js';
import type { DatabaseHandle } from '../../db/database.js';
import { TEST_DIALECTS } from '../../test/test-database.js';

/**
 * A TCP relay between the app and PostgreSQL that the test can cut and restore, standing in for a
 * database restart or a network outage. Nothing in the app is told: it has to notice and recover.
 */
class CuttableRelay {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async open(): Promise<void> {
    const server = createServer((client) => {
      const upstream = connect(this.targetPort, this.targetHost);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    const address = server.address();
    if (typeof address === 'object' && address !== null) this.port = address.port;
    this.server = server;
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => server?.close(resolve));
  }
}

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!TEST_DIALECTS.includes('postgres') || adminUrl === undefined)(
  'PostgreSQL going away and coming back, without a restart',
  () => {
    let relay: CuttableRelay;
    let database: DatabaseHandle;
    let app: FastifyInstance;

    beforeAll(async () => {
      const target = new URL(adminUrl ?? '');
      relay = new CuttableRelay(target.hostname, Number(target.port || 5432));
      await relay.open();
      const throughRelay = new URL(target);
      throughRelay.hostname = '127.0.0.1';
      throughRelay.port = String(relay.port);
      database = await openDatabase({ kind: 'postgres', url: throughRelay.toString() });
      app = await buildApp({
        config: loadConfig({ NODE_ENV: 'test', DEMO_DATA: 'false' }),
        database,
        logger: pino({ level: 'silent' }),
        webDist: mkdtempSync(join(tmpdir(), 'portal-no-web-')),
      });
      // A call that needs the database, as every data route will.
      await app.register((scope, _options, done) => {
        scope.get('/test/query', async () => {
          const { rows } = await sql<{ one: number }>`select 1 as one`.execute(database.db);
          return { one: rows[0]?.one };
        });
        done();
      });
    });

    afterAll(async () => {
      await app.close();
      await database.destroy();
      await relay.cut();
    });

    async function statuses(): Promise<[number, number]> {
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      const query = await app.inject({ method: 'GET', url: '/test/query' });
      return [ready.statusCode, query.statusCode];
    }

    it('is ready while the database answers', async () => {
      expect(await statuses()).toEqual([200, 200]);
    });

    // A connection that drops while a request holds it must fail that request, not the process: an
    // unhandled 'error' from pg here would end a real server (Vitest reports it as an unhandled error).
    it('answers 503 from /readyz and from calls that need the database while it is gone', async () => {
      await relay.cut();
      expect(await statuses()).toEqual([503, 503]);
      const query = await app.inject({ method: 'GET', url: '/test/query' });
      expect(query.json()).toEqual({
        error: { code: 'SERVICE_UNAVAILABLE', message: 'The database is not reachable right now' },
      });
    });

    it('is ready again as soon as the database is back', async () => {
      await relay.open();
      expect(await statuses()).toEqual([200, 200]);
      expect((await app.inject({ method: 'GET', url: '/test/query' })).json()).toEqual({ one: 1 });
    });
  },
);
