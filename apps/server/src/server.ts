import { pino } from 'pino';
import type { Logger } from 'pino';
import { buildApp } from './app.js';
import { resolveKeyEncryptionKey } from './auth/key-encryption.js';
import { protectStoredKeys } from './auth/keys.js';
import { ConfigError, loadConfig } from './config.js';
import type { Config } from './config.js';
import { openDatabase } from './db/database.js';
import type { DatabaseHandle } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { DEMO_PASSWORD, DEMO_SIGN_INS } from './seed/demo-users.js';
import { isDatabaseEmpty, seedDemoData } from './seed/seed.js';

/** In-flight requests get this long to finish after SIGTERM/SIGINT before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

/** A start-up failure: one clear line on stderr and exit code 1, no stack (the cause is logged). */
function fail(message: string): never {
  process.stderr.write(`merchant-portal: ${message}\n`);
  process.exit(1);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}

async function prepareDatabase(config: Config, logger: Logger): Promise<DatabaseHandle> {
  let database: DatabaseHandle;
  try {
    database = await openDatabase(config.database, {
      poolSize: config.databasePoolSize,
      onConnectionError: (error) => {
        logger.warn({ err: error }, 'lost a database connection; the next query opens a new one');
      },
    });
  } catch (error) {
    fail(messageOf(error));
  }
  try {
    await migrateToLatest(database.db);
    await protectStoredKeys(database.db, await keyEncryptionKey(config, logger));
    if (config.demoData && (await isDatabaseEmpty(database.db))) {
      logger.info('empty database: seeding demo data');
      await seedDemoData(database.db, { size: 'small' });
    }
  } catch (error) {
    logger.error({ err: error }, 'database preparation failed');
    await database.destroy();
    fail(messageOf(error));
  }
  return database;
}

async function keyEncryptionKey(config: Config, logger: Logger) {
  const { key, developmentFile } = await resolveKeyEncryptionKey(config);
  if (developmentFile !== undefined) {
    logger.warn(
      { file: developmentFile },
      'KEY_ENCRYPTION_KEY is not set: the stored keys are encrypted with the key in this file',
    );
  }
  return key;
}

function printWelcome(config: Config, port: number): void {
  const lines = [``, `Merchant portal listening on port ${port}: open ${config.publicUrl}`];
  if (config.demoData) {
    lines.push(``, `Demo sign-ins (password ${DEMO_PASSWORD}):`);
    for (const signIn of DEMO_SIGN_INS) {
      lines.push(
        `  ${signIn.email.padEnd(34)} ${signIn.role}${signIn.merchantName ? ` (${signIn.merchantName})` : ''}`,
      );
    }
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

async function main(): Promise<void> {
  const config = readConfig();
  const logger = pino({ level: config.logLevel });
  if (config.fakeAuth) {
    logger.warn('FAKE_AUTH is on: the sign-in page lets anyone in as an admin. Never use it in production.');
  }

  const database = await prepareDatabase(config, logger);
  const app = await buildApp({ config, database, logger });
  try {
    await app.listen({ host: '0.0.0.0', port: config.port });
  } catch (error) {
    await database.destroy();
    fail(`cannot listen on port ${config.port}: ${messageOf(error)}`);
  }
  const address = app.server.address();
  printWelcome(config, typeof address === 'object' && address !== null ? address.port : config.port);

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn({ signal }, 'second signal: exiting without waiting');
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    setTimeout(() => {
      logger.error(`shutdown took longer than ${SHUTDOWN_GRACE_MS / 1000} s: exiting`);
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    app
      .close()
      .then(() => database.destroy())
      .then(
        () => {
          logger.info('stopped');
          process.exit(0);
        },
        (error: unknown) => {
          logger.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`merchant-portal: failed to start: ${messageOf(error)}\n`);
  if (error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`);
  process.exit(1);
});
