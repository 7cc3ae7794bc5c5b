import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, TEST_DIALECTS } from '../test/test-database.js';
import type { DatabaseHandle } from './database.js';
import { withTransaction } from './transaction.js';

describe.each(TEST_DIALECTS)('withTransaction (%s)', (dialect) => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await openTestDatabase(dialect);
  });

  afterAll(async () => {
    await database.destroy();
  });

  const keyRow = (key: string) => ({
    caller: 'user:transaction-test',
    key,
    route: 'POST /test',
    request_hash: 'hash',
    status_code: 201,
    response: '{}',
    created_at: new Date().toISOString(),
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
});
