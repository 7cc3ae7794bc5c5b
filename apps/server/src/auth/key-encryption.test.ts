import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KeyDecryptionError, KeyEncryptionKey, resolveKeyEncryptionKey } from './key-encryption.js';

describe('the key encryption key', () => {
  const bytes = randomBytes(32);

  it('reads 32 bytes as hex or base64, and nothing else', () => {
    const fromHex = KeyEncryptionKey.parse(bytes.toString('hex'));
    const fromBase64 = KeyEncryptionKey.parse(bytes.toString('base64'));
    const fromBase64Url = KeyEncryptionKey.parse(bytes.toString('base64url'));
    expect(fromHex).toBeDefined();
    const sealed = fromHex?.encrypt('kid-1', 'secret material') ?? '';
    expect(fromBase64?.decrypt('kid-1', sealed)).toBe('secret material');
    expect(fromBase64Url?.decrypt('kid-1', sealed)).toBe('secret material');
    for (const bad of ['', 'short', randomBytes(16).toString('hex'), randomBytes(33).toString('base64')]) {
      expect(KeyEncryptionKey.parse(bad), bad).toBeUndefined();
    }
  });

  it('seals with a fresh nonce each time, bound to the kid', () => {
    const key = KeyEncryptionKey.generate();
    const first = key.encrypt('kid-1', 'material');
    expect(key.encrypt('kid-1', 'material')).not.toBe(first);
    expect(key.decrypt('kid-1', first)).toBe('material');
    expect(() => key.decrypt('kid-2', first)).toThrow(KeyDecryptionError);
    expect(() => KeyEncryptionKey.generate().decrypt('kid-1', first)).toThrow(KeyDecryptionError);
    expect(() => key.decrypt('kid-1', 'not sealed')).toThrow(KeyDecryptionError);
    expect(() => key.decrypt('kid-1', `${first.slice(0, -4)}AAAA`)).toThrow(KeyDecryptionError);
  });

  it('never shows its bytes in JSON or inspection', () => {
    const key = KeyEncryptionKey.parse(bytes.toString('hex'));
    for (const shown of [JSON.stringify({ key }), inspect(key), inspect({ config: { key } })]) {
      expect(shown).not.toContain(bytes.toString('hex'));
      expect(shown).not.toContain(bytes.toString('base64'));
      expect(shown).toContain('KeyEncryptionKey');
    }
  });
});

describe('the development key file', () => {
  let folder: string;

  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'portal-kek-'));
  });
  afterEach(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('is made next to the SQLite file, readable by its owner only, and read back on the next start', async () => {
    const database = { kind: 'sqlite', file: join(folder, 'data', 'portal.sqlite') } as const;
    const first = await resolveKeyEncryptionKey({ keyEncryptionKey: undefined, database });
    const file = join(folder, 'data', 'key-encryption.key');
    expect(first.developmentFile).toBe(file);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readFile(file, 'utf8')).toMatch(/^[0-9a-f]{64}\n$/);

    const again = await resolveKeyEncryptionKey({ keyEncryptionKey: undefined, database });
    expect(again.key.decrypt('kid', first.key.encrypt('kid', 'material'))).toBe('material');
  });

  it('is not used when KEY_ENCRYPTION_KEY is set', async () => {
    const configured = KeyEncryptionKey.generate();
    const database = { kind: 'sqlite', file: join(folder, 'portal.sqlite') } as const;
    expect(await resolveKeyEncryptionKey({ keyEncryptionKey: configured, database })).toEqual({
      key: configured,
    });
    await expect(stat(join(folder, 'key-encryption.key'))).rejects.toThrow();
  });
});
