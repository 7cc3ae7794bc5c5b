import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, TEST_DIALECTS } from '../test/test-database.js';
import type { DatabaseHandle } from './database.js';
import { preparedQuery } from './prepared-query.js';

const row = (key: string, status: number) => ({
  caller: 'user:prepared-query-test',
  key,
  route: 'POST /test',
  request_hash: 'hash',
  status_code: status,
  response: '{}',
  created_at: new Date().toISOString(),
});

describe.each(TEST_DIALECTS)('preparedQuery (%s)', (dialect) => {
  let database: DatabaseHandle;
  let built = 0;
  // A constant (the caller), an argument used twice and one used once.
  const keysBetween = preparedQuery((db, args: { low: string; high: string }) => {
    built++;
    return db
      .selectFrom('idempotent_requests')
      .select(['key', 'status_code'])
      .where('caller', '=', 'user:prepared-query-test')
      .where('key', '>=', args.low)
      .where((eb) => eb.or([eb('key', '<=', args.high), eb('key', '=', args.low)]))
      .orderBy('key');
  });

  beforeAll(async () => {
    database = await openTestDatabase(dialect);
    await database.db
      .insertInto('idempotent_requests')
      .values([row('a', 200), row('b', 201), row('c', 202), { ...row('b', 500), caller: 'user:other' }])
      .execute();
  });

  afterAll(async () => {
    await database.destroy();
  });

  it('builds the query once and binds each call its own arguments, constants kept', async () => {
    expect(await keysBetween(database.db, { low: 'a', high: 'b' })).toEqual([
      { key: 'a', status_code: 200 },
      { key: 'b', status_code: 201 },
    ]);
    expect(await keysBetween(database.db, { low: 'b', high: 'c' })).toEqual([
      { key: 'b', status_code: 201 },
      { key: 'c', status_code: 202 },
    ]);
    await database.db.transaction().execute(async (trx) => {
      expect(await keysBetween(trx, { low: 'c', high: 'z' })).toEqual([{ key: 'c', status_code: 202 }]);
    });
    // Built once for the three calls, the transaction's included.
    expect(built).toBe(1);
  });
});
