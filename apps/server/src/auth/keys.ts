import { createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { inspect } from 'node:util';
import type { JWK } from 'jose';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { KeyEncryptionKey } from './key-encryption.js';
import { findActiveKey, insertKeyOnce, listStoredKeys, replaceKeyMaterial } from './keys-repository.js';

export type KeyPurpose = Database['signing_keys']['purpose'];
/** Purposes whose key is an ES256 key pair; `oidc-cookies` is a random secret. */
export type SigningKeyPurpose = Exclude<KeyPurpose, 'oidc-cookies'>;

export const SIGNING_ALGORITHM = 'ES256';

const COOKIE_SECRET_BYTES = 32;

/**
 * An ES256 key pair of one purpose. `toJSON` and `inspect` show only the kid and purpose, so that logging
 * the object by mistake never writes the private key.
 */
export class SigningKey {
  readonly kid: string;
  readonly purpose: SigningKeyPurpose;
  /** The private JWK with `kid`, `alg` and `use`: the shape oidc-provider's `jwks` option takes. */
  readonly privateJwk: JWK;
  /** The public half, as published in a JWKS. */
  readonly publicJwk: JWK;
  readonly privateKey: KeyObject;
  readonly publicKey: KeyObject;

  constructor(kid: string, purpose: SigningKeyPurpose, privateJwk: JWK) {
    this.kid = kid;
    this.purpose = purpose;
    this.privateJwk = privateJwk;
    this.privateKey = createPrivateKey({ key: privateJwk, format: 'jwk' });
    this.publicKey = createPublicKey(this.privateKey);
    this.publicJwk = {
      ...(this.publicKey.export({ format: 'jwk' }) as JWK),
      kid,
      alg: SIGNING_ALGORITHM,
      use: 'sig',
    };
  }

  toJSON(): { kid: string; purpose: KeyPurpose } {
    return { kid: this.kid, purpose: this.purpose };
  }

  [inspect.custom](): string {
    return `SigningKey(${this.kid}, ${this.purpose})`;
  }
}

/** A random secret (the identity provider's cookie key); redacted from logs like SigningKey. */
export class SecretKey {
  readonly kid: string;
  readonly purpose = 'oidc-cookies' as const;
  readonly secret: string;

  constructor(kid: string, secret: string) {
    this.kid = kid;
    this.secret = secret;
  }

  toJSON(): { kid: string; purpose: KeyPurpose } {
    return { kid: this.kid, purpose: this.purpose };
  }

  [inspect.custom](): string {
    return `SecretKey(${this.kid}, ${this.purpose})`;
  }
}

type AnyKey = SigningKey | SecretKey;

// Per database, since tests run several databases in one process; a key never changes once made.
const cache = new WeakMap<Kysely<Database>, Map<KeyPurpose, Promise<AnyKey>>>();

/**
 * The key that encrypts the stored keys, one per process like the rest of the configuration: set by
 * protectStoredKeys at start-up (and by the test database helper), read by every getOrCreateKey.
 */
let processSealer: KeyEncryptionKey | undefined;

function sealer(): KeyEncryptionKey {
  if (processSealer === undefined) {
    throw new Error('No key encryption key: protectStoredKeys must run at start-up, before any key is read');
  }
  return processSealer;
}

/**
 * The key that seals one kind of stored data other than keys (bank account numbers), derived from the
 * key encryption key: production requires it (config.ts), so such data is never sealed with a default.
 */
export function dataSealer(purpose: 'bank-account-numbers'): KeyEncryptionKey {
  return sealer().derive(purpose);
}

/**
 * Encrypts every key still stored in clear (databases made before keys were encrypted), and checks
 * that every stored key opens with this key encryption key, so that a wrong key stops the start-up
 * with a KeyDecryptionError rather than at the first sign-in. Safe with several instances starting
 * together: each row is rewritten only while it is still the clear material that was read.
 */
export async function protectStoredKeys(db: Kysely<Database>, key: KeyEncryptionKey): Promise<void> {
  const rows = await listStoredKeys(db);
  for (const row of rows) {
    if (KeyEncryptionKey.isEncrypted(row.material)) {
      key.decrypt(row.kid, row.material);
      continue;
    }
    await replaceKeyMaterial(db, row.kid, row.material, key.encrypt(row.kid, row.material));
  }
  processSealer = key;
}

/**
 * The active key of a purpose, made on first use and kept in the database (encrypted) so that every
 * instance and every restart signs with the same key. Two instances starting together both try the
 * insert; the unique index keeps one, and both read that one back.
 */
export function getOrCreateKey(db: Kysely<Database>, purpose: SigningKeyPurpose): Promise<SigningKey>;
export function getOrCreateKey(db: Kysely<Database>, purpose: 'oidc-cookies'): Promise<SecretKey>;
export function getOrCreateKey(db: Kysely<Database>, purpose: KeyPurpose): Promise<AnyKey> {
  let keys = cache.get(db);
  if (keys === undefined) {
    keys = new Map();
    cache.set(db, keys);
  }
  let key = keys.get(purpose);
  if (key === undefined) {
    key = loadOrCreate(db, sealer(), purpose);
    keys.set(purpose, key);
    const byPurpose = keys;
    // A failure (the database was down) must not stick: the next call tries again.
    key.catch(() => byPurpose.delete(purpose));
  }
  return key;
}

async function loadOrCreate(
  db: Kysely<Database>,
  sealer: KeyEncryptionKey,
  purpose: KeyPurpose,
): Promise<AnyKey> {
  const existing = await readActive(db, sealer, purpose);
  if (existing !== undefined) return existing;
  const kid = randomUUID();
  await insertKeyOnce(db, {
    kid,
    purpose,
    material: sealer.encrypt(kid, newMaterial(kid, purpose)),
    created_at: new Date().toISOString(),
    retired_at: null,
  });
  const created = await readActive(db, sealer, purpose);
  if (created === undefined) throw new Error(`The ${purpose} key could not be created`);
  return created;
}

async function readActive(
  db: Kysely<Database>,
  sealer: KeyEncryptionKey,
  purpose: KeyPurpose,
): Promise<AnyKey | undefined> {
  const row = await findActiveKey(db, purpose);
  if (row === undefined) return undefined;
  const material = sealer.decrypt(row.kid, row.material);
  if (row.purpose === 'oidc-cookies') return new SecretKey(row.kid, material);
  return new SigningKey(row.kid, row.purpose, JSON.parse(material) as JWK);
}

function newMaterial(kid: string, purpose: KeyPurpose): string {
  if (purpose === 'oidc-cookies') return randomBytes(COOKIE_SECRET_BYTES).toString('base64url');
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk: JWK = {
    ...(privateKey.export({ format: 'jwk' }) as JWK),
    kid,
    alg: SIGNING_ALGORITHM,
    use: 'sig',
  };
  return JSON.stringify(jwk);
}
