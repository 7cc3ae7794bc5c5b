import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { KeyEncryptionKey } from '../auth/key-encryption.js';
import { protectStoredKeys } from '../auth/keys.js';
import { openDatabase, type DatabaseHandle } from '../db/database.js';
import { migrateToBefore, migrateToLatest } from '../db/migrate.js';

type Dialect = DatabaseHandle['dialect'];

const adminUrl = process.env.TEST_DATABASE_URL;

/** SQLite always; PostgreSQL when TEST_DATABASE_URL names a role that may create databases. */
export const TEST_DIALECTS: readonly Dialect[] = adminUrl ? ['sqlite', 'postgres'] : ['sqlite'];

/**
 * For suites whose subject runs no SQL of its own (headers, request ids, the route table, the built
 * portal): any database serves the app they build, so they run once, on SQLite.
 */
export const ANY_TEST_DIALECT: readonly Dialect[] = ['sqlite'];

/** Seals the keys of every test database, as KEY_ENCRYPTION_KEY does in production. */
export const TEST_KEY_ENCRYPTION_KEY = KeyEncryptionKey.generate();

/**
 * A fresh, migrated, empty database of its own: a temporary SQLite file, or a new PostgreSQL database
 * made through TEST_DATABASE_URL; its keys are encrypted with TEST_KEY_ENCRYPTION_KEY. `destroy()`
 * closes it and deletes the file or drops the database; calling it twice is harmless. With
 * `migratedBefore`, only the migrations before that one run (for the test of that migration).
 */
export async function openTestDatabase(dialect: Dialect, migratedBefore?: string): Promise<DatabaseHandle> {
  const opened = dialect === 'sqlite' ? await openSqlite() : await openPostgres();
  try {
    await (migratedBefore === undefined
      ? migrateToLatest(opened.db)
      : migrateToBefore(opened.db, migratedBefore));
    await protectStoredKeys(opened.db, TEST_KEY_ENCRYPTION_KEY);
  } catch (error) {
    await opened.destroy();
    throw error;
  }
  return opened;
}

async function openSqlite(): Promise<DatabaseHandle> {
  const folder = await mkdtemp(join(tmpdir(), 'portal-test-db-'));
  const database = await openDatabase({ kind: 'sqlite', file: join(folder, 'portal.sqlite') });
  return withCleanup(database, () => rm(folder, { recursive: true, force: true }));
}

async function openPostgres(): Promise<DatabaseHandle> {
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set: the PostgreSQL tests cannot run');
  const name = `portal_test_${randomUUID().replaceAll('-', '')}`;
  await admin((client) => client.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    const database = await openDatabase({ kind: 'postgres', url: url.toString() });
    return withCleanup(database, () =>
      admin((client) => client.query(`drop database if exists ${name} with (force)`)),
    );
  } catch (error) {
    await admin((client) => client.query(`drop database if exists ${name} with (force)`));
    throw error;
  }
}

async function admin(work: (client: Client) => Promise<unknown>): Promise<void> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

function withCleanup(database: DatabaseHandle, cleanup: () => Promise<unknown>): DatabaseHandle {
  let destroyed: Promise<void> | undefined;
  return {
    db: database.db,
    dialect: database.dialect,
    readArrayRows: database.readArrayRows,
    ping: () => database.ping(),
    destroy() {
      destroyed ??= database.destroy().then(async () => {
        await cleanup();
      });
      return destroyed;
    },
  };
}
