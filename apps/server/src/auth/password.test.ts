import { describe, expect, it } from 'vitest';
import { hashPassword, hashPasswordWithSalt, verifyPassword } from './password.js';

describe('password hashing', () => {
  it('hashes with argon2id and verifies only the same password', async () => {
    const hash = await hashPassword('correct horse battery staple');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(hash).not.toContain('correct horse');
    await expect(verifyPassword(hash, 'correct horse battery staple')).resolves.toBe(true);
    await expect(verifyPassword(hash, 'correct horse battery stapler')).resolves.toBe(false);
    await expect(verifyPassword(hash, '')).resolves.toBe(false);
  });

  it('salts every hash afresh', async () => {
    const [first, second] = await Promise.all([hashPassword('same'), hashPassword('same')]);
    expect(first).not.toBe(second);
    await expect(verifyPassword(second, 'same')).resolves.toBe(true);
  });

  it('gives the same hash for the same salt, still verifiable', async () => {
    const salt = new Uint8Array(16).fill(7);
    const hash = await hashPasswordWithSalt('Demo-Password-1', salt);
    await expect(hashPasswordWithSalt('Demo-Password-1', salt)).resolves.toBe(hash);
    await expect(verifyPassword(hash, 'Demo-Password-1')).resolves.toBe(true);
  });

  it('rejects a stored value that is not a hash rather than answering false', async () => {
    await expect(verifyPassword('not-a-hash', 'anything')).rejects.toThrow();
  });
});
