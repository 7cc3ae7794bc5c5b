import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { inspect } from 'node:util';
import type { Config } from '../config.js';
import type { DatabaseConfig } from '../db/database.js';

const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const CIPHER = 'aes-256-gcm';
/** Marks encrypted material; clear material is a JSON JWK or a base64url secret, neither has a colon first. */
const PREFIX = 'aes256gcm:';
const KEY_ENCRYPTION_KEY_FILE = 'key-encryption.key';

/** The stored material does not open with this key: another key sealed it, or it was altered. */
export class KeyDecryptionError extends Error {
  constructor(kid: string) {
    super(
      `KEY_ENCRYPTION_KEY does not open the stored key ${kid}: it is not the key the database's keys ` +
        'were encrypted with (or the stored key was altered). Start with the key used before.',
    );
    this.name = 'KeyDecryptionError';
  }
}

/**
 * The key that encrypts the identity provider's and the portal's keys at rest (AES-256-GCM, the kid as
 * associated data so that material cannot be moved to another row). Like SigningKey, it never shows
 * its bytes in a log or in JSON.
 */
export class KeyEncryptionKey {
  readonly #key: Buffer;

  private constructor(key: Buffer) {
    this.#key = key;
  }

  /** 32 bytes written as 64 hex digits or as base64 (standard or url-safe, padded or not); else undefined. */
  static parse(text: string): KeyEncryptionKey | undefined {
    const trimmed = text.trim();
    const bytes = /^[0-9a-f]{64}$/i.test(trimmed)
      ? Buffer.from(trimmed, 'hex')
      : /^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)
        ? Buffer.from(trimmed, 'base64')
        : undefined;
    return bytes?.length === KEY_BYTES ? new KeyEncryptionKey(bytes) : undefined;
  }

  static generate(): KeyEncryptionKey {
    return new KeyEncryptionKey(randomBytes(KEY_BYTES));
  }

  /**
   * A key of its own for one kind of stored data (HKDF-SHA256, the purpose as its info): data sealed for
   * one purpose never opens with another's key, and one configured secret still covers them all.
   */
  derive(purpose: string): KeyEncryptionKey {
    return new KeyEncryptionKey(
      Buffer.from(hkdfSync('sha256', this.#key, Buffer.alloc(0), purpose, KEY_BYTES)),
    );
  }

  static isEncrypted(material: string): boolean {
    return material.startsWith(PREFIX);
  }

  encrypt(kid: string, clear: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(CIPHER, this.#key, iv).setAAD(Buffer.from(kid));
    const sealed = Buffer.concat([cipher.update(clear, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return `${PREFIX}${iv.toString('base64url')}:${sealed.toString('base64url')}`;
  }

  /** The clear material; KeyDecryptionError when this key did not seal it for this kid. */
  decrypt(kid: string, material: string): string {
    const [iv, sealed] = material
      .slice(PREFIX.length)
      .split(':')
      .map((part) => Buffer.from(part, 'base64url'));
    if (!KeyEncryptionKey.isEncrypted(material) || iv?.length !== IV_BYTES || sealed === undefined) {
      throw new KeyDecryptionError(kid);
    }
    if (sealed.length < TAG_BYTES) throw new KeyDecryptionError(kid);
    try {
      const decipher = createDecipheriv(CIPHER, this.#key, iv).setAAD(Buffer.from(kid));
      decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
      return Buffer.concat([
        decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      throw new KeyDecryptionError(kid);
    }
  }

  toJSON(): string {
    return '[KeyEncryptionKey]';
  }

  [inspect.custom](): string {
    return 'KeyEncryptionKey([redacted])';
  }

  /**
   * The development default: read from the data folder, or made there (mode 0600) on first start.
   * Production refuses to start without KEY_ENCRYPTION_KEY (config.ts), so this runs only elsewhere.
   */
  static async fromDevelopmentFile(file: string): Promise<KeyEncryptionKey> {
    await mkdir(dirname(file), { recursive: true });
    const made = KeyEncryptionKey.generate();
    try {
      // `wx`: two instances starting together do not overwrite each other's key.
      await writeFile(file, `${made.#key.toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
      return made;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const stored = KeyEncryptionKey.parse(await readFile(file, 'utf8'));
    if (stored === undefined) throw new Error(`${file} does not hold a key encryption key (64 hex digits)`);
    return stored;
  }
}

/** Where the development key lives: next to the SQLite file, or in ./data for PostgreSQL. */
function developmentKeyFile(database: DatabaseConfig): string {
  const folder =
    database.kind === 'sqlite' && database.file !== ':memory:' ? dirname(database.file) : './data';
  return join(folder, KEY_ENCRYPTION_KEY_FILE);
}

/**
 * KEY_ENCRYPTION_KEY, or outside production (config.ts refuses to start without it there) the
 * development key file, whose path is returned so that the caller can say which file holds the key.
 */
export async function resolveKeyEncryptionKey(
  config: Pick<Config, 'keyEncryptionKey' | 'database'>,
): Promise<{ key: KeyEncryptionKey; developmentFile?: string }> {
  if (config.keyEncryptionKey !== undefined) return { key: config.keyEncryptionKey };
  const developmentFile = developmentKeyFile(config.database);
  return { key: await KeyEncryptionKey.fromDevelopmentFile(developmentFile), developmentFile };
}
