import { inspect } from 'node:util';
import { CompactSign, compactVerify } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.js';
import { openTestDatabase, TEST_DIALECTS } from '../test/test-database.js';
import { getOrCreateKey } from './keys.js';

describe.each(TEST_DIALECTS)('signing keys (%s)', (dialect) => {
  let database: DatabaseHandle;

  beforeEach(async () => {
    database = await openTestDatabase(dialect);
  });

  afterEach(async () => {
    await database.destroy();
  });

  it('makes a key once and keeps it in the database, where another instance finds the same one', async () => {
    const first = await getOrCreateKey(database.db, 'portal-token');
    expect(await getOrCreateKey(database.db, 'portal-token')).toBe(first);
    // Another Kysely object on the same database stands for another instance: no cache is shared.
    const elsewhere = await getOrCreateKey(database.db.withoutPlugins(), 'portal-token');
    expect(elsewhere).not.toBe(first);
    expect(elsewhere.kid).toBe(first.kid);
    expect(elsewhere.publicJwk).toEqual(first.publicJwk);

    const rows = await database.db.selectFrom('signing_keys').selectAll().execute();
    expect(rows.map((row) => [row.kid, row.purpose, row.retired_at])).toEqual([
      [first.kid, 'portal-token', null],
    ]);
  });

  it('lets exactly one of several instances starting together create the key', async () => {
    const instances = Array.from({ length: 4 }, () => database.db.withoutPlugins());
    const keys = await Promise.all(instances.map((db) => getOrCreateKey(db, 'oidc-signing')));
    expect(new Set(keys.map((key) => key.kid)).size).toBe(1);
    const { count } = await database.db
      .selectFrom('signing_keys')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(count).toBe(1);
  });

  it('signs ES256 with a key per purpose, and publishes only the public half', async () => {
    const portal = await getOrCreateKey(database.db, 'portal-token');
    const provider = await getOrCreateKey(database.db, 'oidc-signing');
    expect(portal.kid).not.toBe(provider.kid);
    expect(portal.publicJwk).toMatchObject({
      kty: 'EC',
      crv: 'P-256',
      alg: 'ES256',
      use: 'sig',
      kid: portal.kid,
    });
    expect(portal.publicJwk).not.toHaveProperty('d');
    expect(portal.privateJwk).toHaveProperty('d');

    const signed = await new CompactSign(new TextEncoder().encode('hello'))
      .setProtectedHeader({ alg: 'ES256' })
      .sign(portal.privateKey);
    expect(new TextDecoder().decode((await compactVerify(signed, portal.publicKey)).payload)).toBe('hello');
    await expect(compactVerify(signed, provider.publicKey)).rejects.toThrow();
  });

  it('makes the cookie key a random secret of 32 bytes', async () => {
    const cookies = await getOrCreateKey(database.db, 'oidc-cookies');
    expect(Buffer.from(cookies.secret, 'base64url')).toHaveLength(32);
    expect((await getOrCreateKey(database.db.withoutPlugins(), 'oidc-cookies')).secret).toBe(cookies.secret);
  });

  it('keeps private material out of logs and inspection', async () => {
    const signing = await getOrCreateKey(database.db, 'portal-token');
    const cookies = await getOrCreateKey(database.db, 'oidc-cookies');
    const d = String(signing.privateJwk.d);
    for (const shown of [JSON.stringify({ signing, cookies }), inspect(signing), inspect(cookies)]) {
      expect(shown).not.toContain(d);
      expect(shown).not.toContain(cookies.secret);
      expect(shown).toMatch(new RegExp(`${signing.kid}|${cookies.kid}`));
    }
  });
});
