import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, TEST_DIALECTS } from '../test/test-database.js';
import type { DatabaseHandle } from './database.js';
import { TRANSACTION_ATTEMPTS, withTransaction } from './transaction.js';

/** An error as pg raises it for a SQLSTATE. */
function databaseError(code: string): Error {
  return Object.assign(new Error(`SQLSTATE ${code}`), { code });
}

/** A promise and its resolver, to order two connections' steps. */
function signal(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** A row to write and lock: an idempotency key, the simplest table without references. */
const keyRow = (key: string) => ({
  caller: 'user:transaction-test',
  key,
  route: 'POST /test',
  request_hash: 'hash',
  status_code: 201,
  response: '{}',
  created_at: new Date().toISOString(),
});

describe.each(TEST_DIALECTS)('withTransaction (%s)', (dialect) => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await openTestDatabase(dialect);
  });

  afterAll(async () => {
    await database.destroy();
  });

  const kept = async (key: string) =>
    (await database.db.selectFrom('idempotent_requests').select('key').where('key', '=', key).execute())
      .length;

  it('commits its own transaction when called outside one', async () => {
    const key = randomUUID();
    await withTransaction(database.db, (trx) =>
      trx.insertInto('idempotent_requests').values(keyRow(key)).execute(),
    );
    expect(await kept(key)).toBe(1);
  });

  it("joins the caller's transaction, so that the caller's rollback undoes its writes", async () => {
    const key = randomUUID();
    const failure = new Error('the caller fails after the service wrote');
    await expect(
      database.db.transaction().execute(async (outer) => {
        await withTransaction(outer, async (inner) => {
          expect(inner).toBe(outer);
          await inner.insertInto('idempotent_requests').values(keyRow(key)).execute();
        });
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await kept(key)).toBe(0);
  });
  it('runs its own transaction again after a serialization conflict or deadlock, up to its bound', async () => {
    for (const code of ['40001', '40P01']) {
      let calls = 0;
      const conflict = databaseError(code);
      await expect(
        withTransaction(database.db, () => {
          calls++;
          return Promise.reject(conflict);
        }),
      ).rejects.toBe(conflict);
      expect(calls).toBe(TRANSACTION_ATTEMPTS);
    }
  });

  it("retries neither another error nor a conflict inside the caller's transaction", async () => {
    let calls = 0;
    const taken = databaseError('23505');
    await expect(
      withTransaction(database.db, () => {
        calls++;
        return Promise.reject(taken);
      }),
    ).rejects.toBe(taken);
    expect(calls).toBe(1);

    const conflict = databaseError('40001');
    await expect(
      database.db.transaction().execute((outer) =>
        withTransaction(outer, () => {
          calls++;
          return Promise.reject(conflict);
        }),
      ),
    ).rejects.toBe(conflict);
    expect(calls).toBe(2);
  });
});

// Conflicts that only PostgreSQL raises (SQLite writes one transaction at a time), forced with two connections.
describe.runIf(TEST_DIALECTS.includes('postgres'))('withTransaction on PostgreSQL conflicts', () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
  });

  afterAll(async () => {
    await database.destroy();
  });

  it('commits both of two transactions that deadlock on two connections, the cancelled one on its retry', async () => {
    const [first, second] = [randomUUID(), randomUUID()];
    await database.db
      .insertInto('idempotent_requests')
      .values([keyRow(first), keyRow(second)])
      .execute();
    const bump = (trx: Parameters<Parameters<typeof withTransaction>[1]>[0], key: string) =>
      trx
        .updateTable('idempotent_requests')
        .set((eb) => ({ status_code: eb('status_code', '+', 1) }))
        .where('key', '=', key)
        .execute();
    // Each locks one row, waits until the other has locked the other row, then asks for it.
    let locked = 0;
    const bothLocked = signal();
    let attempts = 0;
    const crossing = (own: string, other: string) =>
      withTransaction(database.db, async (trx) => {
        attempts++;
        await bump(trx, own);
        if (++locked === 2) bothLocked.resolve();
        await bothLocked.promise;
        await bump(trx, other);
      });
    await Promise.all([crossing(first, second), crossing(second, first)]);
    // PostgreSQL cancelled one of the two (40P01); its second attempt committed after the other.
    expect(attempts).toBe(3);
    const codes = await database.db
      .selectFrom('idempotent_requests')
      .select('status_code')
      .where('key', 'in', [first, second])
      .execute();
    expect(codes.map((row) => row.status_code)).toEqual([203, 203]);
  });

  it('runs a repeatable-read transaction again after another connection changed the row it read', async () => {
    const key = randomUUID();
    await database.db.insertInto('idempotent_requests').values(keyRow(key)).execute();
    const read = signal();
    const changed = signal();
    let attempts = 0;
    const reader = withTransaction(database.db, async (trx) => {
      attempts++;
      await sql`set transaction isolation level repeatable read`.execute(trx);
      const row = await trx
        .selectFrom('idempotent_requests')
        .select('status_code')
        .where('key', '=', key)
        .executeTakeFirstOrThrow();
      read.resolve();
      await changed.promise;
      // On its first attempt the row changed since its snapshot: PostgreSQL answers 40001.
      await trx
        .updateTable('idempotent_requests')
        .set({ status_code: (row.status_code ?? 0) + 10 })
        .where('key', '=', key)
        .execute();
    });
    await read.promise;
    await database.db
      .updateTable('idempotent_requests')
      .set({ status_code: 500 })
      .where('key', '=', key)
      .execute();
    changed.resolve();
    await reader;
    expect(attempts).toBe(2);
    const row = await database.db
      .selectFrom('idempotent_requests')
      .select('status_code')
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    // The retry read the other connection's write, so nothing of it was lost.
    expect(row.status_code).toBe(510);
  });
});
