import { freePort } from './free-port.js';
import { startRoundRobinProxy, type RoundRobinProxy } from './round-robin-proxy.js';
import { ensureServerBuilt, startServer, waitForOutput, type ServerProcess } from './server-process.js';

export interface ServerInstances {
  readonly proxy: RoundRobinProxy;
  readonly servers: readonly ServerProcess[];
  /** Stops every process (SIGTERM, as an orchestrator does) and then the proxy. */
  stop(): Promise<void>;
}

/**
 * `count` server processes (`node apps/server/dist/server.js`, built first if stale) on one database
 * behind a round-robin proxy, configured as docs/operations.md asks: the same PUBLIC_URL (the proxy's),
 * the same KEY_ENCRYPTION_KEY (the one the database's keys are sealed with), TRUST_PROXY=1. Resolves
 * once every one of them listens.
 */
export async function startServerInstances(
  count: number,
  database: { url: string; keyEncryptionKey: string },
  env: Readonly<Record<string, string>> = {},
): Promise<ServerInstances> {
  ensureServerBuilt();
  const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
  const proxy = await startRoundRobinProxy(ports);
  const shared = {
    DATABASE_URL: database.url,
    PUBLIC_URL: proxy.url,
    KEY_ENCRYPTION_KEY: database.keyEncryptionKey,
    NODE_ENV: 'production',
    TRUST_PROXY: '1',
    LOG_LEVEL: 'warn',
    ...env,
  };
  const servers = ports.map((port) => startServer({ ...shared, PORT: String(port) }));
  const stop = async () => {
    for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGTERM');
    await Promise.all(servers.map((server) => server.exited));
    await proxy.close();
  };
  try {
    await Promise.all(servers.map((server) => waitForOutput(server, 'Merchant portal listening')));
  } catch (error) {
    await stop();
    throw error;
  }
  return { proxy, servers, stop };
}
