import { inspect } from 'node:util';
import { CompactSign, compactVerify } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.js';
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { openTestDatabase, TEST_DIALECTS, TEST_KEY_ENCRYPTION_KEY } from '../test/test-database.js';
import { KeyDecryptionError, KeyEncryptionKey } from './key-encryption.js';
import { getOrCreateKey, protectStoredKeys } from './keys.js';

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

  const storedMaterial = async (kid: string) =>
    (
      await database.db
        .selectFrom('signing_keys')
        .select('material')
        .where('kid', '=', kid)
        .executeTakeFirstOrThrow()
    ).material;

  it('stores every key encrypted, never the clear JWK or secret', async () => {
    const signing = await getOrCreateKey(database.db, 'oidc-signing');
    const cookies = await getOrCreateKey(database.db, 'oidc-cookies');
    const signingMaterial = await storedMaterial(signing.kid);
    const cookieMaterial = await storedMaterial(cookies.kid);
    expect(signingMaterial).toMatch(/^aes256gcm:/);
    expect(signingMaterial).not.toContain(String(signing.privateJwk.d));
    expect(signingMaterial).not.toContain('"kty"');
    expect(cookieMaterial).not.toContain(cookies.secret);
    expect(JSON.parse(TEST_KEY_ENCRYPTION_KEY.decrypt(signing.kid, signingMaterial))).toEqual(
      signing.privateJwk,
    );
    expect(TEST_KEY_ENCRYPTION_KEY.decrypt(cookies.kid, cookieMaterial)).toBe(cookies.secret);
  });

  it('encrypts the keys a database still holds in clear, once, and keeps using them', async () => {
    const kid = randomUUID();
    const clearJwk = {
      ...generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' }),
      kid,
      alg: 'ES256',
      use: 'sig',
    };
    const secretKid = randomUUID();
    const clearSecret = 'clear-cookie-secret-of-an-older-version-00';
    await database.db
      .insertInto('signing_keys')
      .values([
        {
          kid,
          purpose: 'portal-token',
          material: JSON.stringify(clearJwk),
          created_at: new Date().toISOString(),
          retired_at: null,
        },
        {
          kid: secretKid,
          purpose: 'oidc-cookies',
          material: clearSecret,
          created_at: new Date().toISOString(),
          retired_at: null,
        },
      ])
      .execute();

    await protectStoredKeys(database.db, TEST_KEY_ENCRYPTION_KEY);
    const material = await storedMaterial(kid);
    expect(material).toMatch(/^aes256gcm:/);
    expect(material).not.toContain(String(clearJwk.d));
    expect(await storedMaterial(secretKid)).not.toContain(clearSecret);
    // A second start (or a second instance) finds nothing left to do.
    await protectStoredKeys(database.db, TEST_KEY_ENCRYPTION_KEY);
    expect(await storedMaterial(kid)).toBe(material);

    const key = await getOrCreateKey(database.db, 'portal-token');
    expect(key.kid).toBe(kid);
    expect(key.privateJwk).toEqual(clearJwk);
    expect((await getOrCreateKey(database.db, 'oidc-cookies')).secret).toBe(clearSecret);
  });

  it('refuses to start with another key encryption key, saying so, rather than reading garbage', async () => {
    const key = await getOrCreateKey(database.db, 'oidc-signing');
    const other = KeyEncryptionKey.generate();
    await expect(protectStoredKeys(database.db, other)).rejects.toThrow(KeyDecryptionError);
    await expect(protectStoredKeys(database.db, other)).rejects.toThrow(
      `KEY_ENCRYPTION_KEY does not open the stored key ${key.kid}`,
    );
    // Material moved to another row does not open either: the kid is bound to it.
    const material = await storedMaterial(key.kid);
    expect(() => TEST_KEY_ENCRYPTION_KEY.decrypt(randomUUID(), material)).toThrow(KeyDecryptionError);
  });
});
