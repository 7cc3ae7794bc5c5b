import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../../db/database.js';
import { openTestDatabase, TEST_DIALECTS } from '../../test/test-database.js';
import { PRUNE_INTERVAL_MS, databaseAdapterFactory } from './database-adapter.js';

describe.each(TEST_DIALECTS)('the identity provider database adapter (%s)', (dialect) => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await openTestDatabase(dialect);
  });

  afterAll(async () => {
    await database.destroy();
  });

  afterEach(async () => {
    vi.useRealTimers();
    await database.db.deleteFrom('oidc_models').execute();
  });

  async function expire(model: string, id: string): Promise<void> {
    await database.db
      .updateTable('oidc_models')
      .set({ expires_at: new Date(Date.now() - 1_000).toISOString() })
      .where('model', '=', model)
      .where('id', '=', id)
      .execute();
  }

  it('stores, replaces and finds a payload by id, uid and user code, within its model only', async () => {
    const adapters = databaseAdapterFactory(database.db);
    const sessions = adapters('Session');
    await sessions.upsert('s-1', { uid: 'u-1', accountId: 'a-1', kind: 'Session' }, 3_600);
    await adapters('DeviceCode').upsert('d-1', { userCode: 'CODE-1', kind: 'DeviceCode' }, 600);

    expect(await sessions.find('s-1')).toEqual({ uid: 'u-1', accountId: 'a-1', kind: 'Session' });
    expect(await sessions.findByUid('u-1')).toEqual({ uid: 'u-1', accountId: 'a-1', kind: 'Session' });
    expect(await adapters('DeviceCode').findByUserCode('CODE-1')).toMatchObject({ userCode: 'CODE-1' });
    expect(await adapters('Grant').find('s-1')).toBeUndefined();
    expect(await sessions.findByUserCode('CODE-1')).toBeUndefined();

    await sessions.upsert('s-1', { uid: 'u-2', accountId: 'a-2', kind: 'Session' }, 3_600);
    expect(await sessions.find('s-1')).toEqual({ uid: 'u-2', accountId: 'a-2', kind: 'Session' });
    expect(await sessions.findByUid('u-1')).toBeUndefined();

    const row = await database.db
      .selectFrom('oidc_models')
      .select('expires_at')
      .where('id', '=', 's-1')
      .executeTakeFirstOrThrow();
    const expiresIn = Date.parse(row.expires_at ?? '') - Date.now();
    expect(expiresIn).toBeGreaterThan(3_590_000);
    expect(expiresIn).toBeLessThanOrEqual(3_600_000);
  });

  it('marks a consumed payload, and an upsert starts it afresh', async () => {
    const codes = databaseAdapterFactory(database.db)('AuthorizationCode');
    await codes.upsert('c-1', { grantId: 'g-1', kind: 'AuthorizationCode' }, 60);
    expect(await codes.find('c-1')).not.toHaveProperty('consumed');

    const before = Math.floor(Date.now() / 1000);
    await codes.consume('c-1');
    const consumed = await codes.find('c-1');
    expect(consumed?.consumed).toBeGreaterThanOrEqual(before);
    expect(consumed?.consumed).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));

    await codes.upsert('c-1', { grantId: 'g-1', kind: 'AuthorizationCode' }, 60);
    expect(await codes.find('c-1')).not.toHaveProperty('consumed');
  });

  it('never answers an expired payload; one without expiry lasts', async () => {
    const sessions = databaseAdapterFactory(database.db)('Session');
    await sessions.upsert('s-1', { uid: 'u-1', kind: 'Session' }, 60);
    await sessions.upsert('s-2', { uid: 'u-2', kind: 'Session' });
    await expire('Session', 's-1');
    expect(await sessions.find('s-1')).toBeUndefined();
    expect(await sessions.findByUid('u-1')).toBeUndefined();
    expect(await sessions.find('s-2')).toMatchObject({ uid: 'u-2' });
  });

  it('destroys one payload, and revokes by grant only within its model', async () => {
    const adapters = databaseAdapterFactory(database.db);
    const refreshTokens = adapters('RefreshToken');
    const accessTokens = adapters('AccessToken');
    await refreshTokens.upsert('r-1', { grantId: 'g-1' }, 600);
    await refreshTokens.upsert('r-2', { grantId: 'g-1' }, 600);
    await refreshTokens.upsert('r-3', { grantId: 'g-2' }, 600);
    await accessTokens.upsert('a-1', { grantId: 'g-1' }, 600);

    await refreshTokens.revokeByGrantId('g-1');
    expect(await refreshTokens.find('r-1')).toBeUndefined();
    expect(await refreshTokens.find('r-2')).toBeUndefined();
    expect(await refreshTokens.find('r-3')).toMatchObject({ grantId: 'g-2' });
    expect(await accessTokens.find('a-1')).toMatchObject({ grantId: 'g-1' });

    await refreshTokens.destroy('r-3');
    expect(await refreshTokens.find('r-3')).toBeUndefined();
    expect(await accessTokens.find('a-1')).toBeDefined();
  });

  it('deletes expired rows on a write, at most once per interval', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const sessions = databaseAdapterFactory(database.db)('Session');
    const ids = async () =>
      (await database.db.selectFrom('oidc_models').select('id').orderBy('id').execute()).map((row) => row.id);

    const insertExpired = (id: string) =>
      database.db
        .insertInto('oidc_models')
        .values({
          model: 'Session',
          id,
          payload: '{}',
          grant_id: null,
          user_code: null,
          uid: null,
          expires_at: new Date(Date.now() - 1_000).toISOString(),
          consumed_at: null,
        })
        .execute();

    await insertExpired('old-1');
    await sessions.upsert('new-1', {}, 60);
    expect(await ids()).toEqual(['new-1']);

    await insertExpired('old-2');
    await sessions.upsert('new-2', {}, 60);
    expect(await ids()).toEqual(['new-1', 'new-2', 'old-2']);

    vi.setSystemTime(Date.now() + PRUNE_INTERVAL_MS);
    await sessions.upsert('new-3', {}, 3_600);
    // new-1 and new-2 expired too by now (60 s), along with old-2.
    expect(await ids()).toEqual(['new-3']);
  });
});
