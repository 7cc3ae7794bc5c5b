import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Client } from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/free-port.js';
import { isDatabaseUnavailableError } from './database-errors.js';

async function connectionErrorOf(url: string): Promise<unknown> {
  const client = new Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    return error;
  } finally {
    await client.end().catch(() => undefined);
  }
  throw new Error(`expected ${url} to refuse`);
}

function thrownBy(work: () => unknown): unknown {
  try {
    work();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}

describe('isDatabaseUnavailableError, on errors the drivers really throw', () => {
  const folder = mkdtempSync(join(tmpdir(), 'portal-db-errors-'));

  afterAll(() => {
    rmSync(folder, { recursive: true, force: true });
  });

  it('recognises a refused PostgreSQL connection, on one address or several', async () => {
    const port = await freePort();
    expect(
      isDatabaseUnavailableError(await connectionErrorOf(`postgres://postgres@127.0.0.1:${port}/x`)),
    ).toBe(true);
    // localhost may resolve to ::1 and 127.0.0.1; Node then reports an AggregateError of both attempts.
    expect(
      isDatabaseUnavailableError(await connectionErrorOf(`postgres://postgres@localhost:${port}/x`)),
    ).toBe(true);
  });

  it('recognises an unknown PostgreSQL host', async () => {
    const error = await connectionErrorOf('postgres://postgres@db.invalid:5432/x');
    expect(isDatabaseUnavailableError(error)).toBe(true);
  });

  it('recognises a SQLite file that cannot be opened', () => {
    const error = thrownBy(() => new SqliteDatabase(join(folder, 'gone.sqlite'), { fileMustExist: true }));
    expect(error).toMatchObject({ code: 'SQLITE_CANTOPEN' });
    expect(isDatabaseUnavailableError(error)).toBe(true);
  });

  it('recognises a SQLite database locked by another writer', () => {
    const file = join(folder, 'busy.sqlite');
    const holder = new SqliteDatabase(file);
    const other = new SqliteDatabase(file, { timeout: 0 });
    try {
      holder.exec('create table t (x integer); begin immediate; insert into t values (1);');
      const error = thrownBy(() => other.exec('insert into t values (2)'));
      expect(error).toMatchObject({ code: 'SQLITE_BUSY' });
      expect(isDatabaseUnavailableError(error)).toBe(true);
    } finally {
      holder.close();
      other.close();
    }
  });

  it('finds the outage behind a wrapping error', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailableError(new Error('Database migration failed', { cause: refused }))).toBe(true);
  });

  it('leaves bugs and bad queries alone', () => {
    const database = new SqliteDatabase(':memory:');
    try {
      expect(isDatabaseUnavailableError(thrownBy(() => database.exec('select * from nowhere')))).toBe(false);
      database.exec('create table t (x integer primary key)');
      database.exec('insert into t values (1)');
      expect(isDatabaseUnavailableError(thrownBy(() => database.exec('insert into t values (1)')))).toBe(
        false,
      );
    } finally {
      database.close();
    }
    expect(
      isDatabaseUnavailableError(new TypeError("Cannot read properties of undefined (reading 'id')")),
    ).toBe(false);
    expect(isDatabaseUnavailableError('ECONNREFUSED')).toBe(false);
    expect(isDatabaseUnavailableError(null)).toBe(false);
  });
});
