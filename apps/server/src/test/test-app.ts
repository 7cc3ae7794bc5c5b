import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/database.js';
import { openTestDatabase } from './test-database.js';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** Closes the app, then the database; safe after a test destroyed the database itself. */
  close(): Promise<void>;
}

export interface TestAppOptions {
  dialect: DatabaseHandle['dialect'];
  config?: Partial<Config>;
  /** Defaults to a silent logger; pass one to read what the app logs. */
  logger?: FastifyBaseLogger;
  webDist?: string;
}

/**
 * The whole app on a fresh database of the given dialect. Not yet ready: a test may register its own
 * plugin before the first `inject`. `config.database` is not used: the handle comes from openTestDatabase.
 */
export async function buildTestApp({ dialect, config, logger, webDist }: TestAppOptions): Promise<TestApp> {
  const database = await openTestDatabase(dialect);
  const fullConfig: Config = {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DEMO_DATA: 'false' }),
    ...config,
  };
  const app = await buildApp({
    config: fullConfig,
    database,
    logger: logger ?? pino({ level: 'silent' }),
    ...(webDist === undefined ? {} : { webDist }),
  });
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.destroy();
    },
  };
}

/** The headers and payload of an `inject` call: a JSON body, and its content type, only when given one. */
export function jsonRequest(
  headers: Record<string, string>,
  payload?: object,
): { headers: Record<string, string>; payload?: object } {
  return payload === undefined
    ? { headers }
    : { headers: { ...headers, 'content-type': 'application/json' }, payload };
}
