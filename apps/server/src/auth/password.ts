import { hash, verify, type Options } from '@node-rs/argon2';

/**
 * argon2id with OWASP's first recommended setting (19 MiB, 2 passes, 1 lane), which is also the
 * library's default algorithm and cost; spelled out so that a library upgrade cannot weaken it.
 * The cost is stored in each hash, so raising it later still verifies older hashes.
 */
const HASH_OPTIONS: Options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** The PHC string (`$argon2id$v=19$m=…`) of a password, with a fresh random salt. */
export function hashPassword(plain: string): Promise<string> {
  return hash(plain, HASH_OPTIONS);
}

/**
 * The same hash with a given salt, for the demo data only: its users share one public password, and a
 * salt derived from the seed keeps the seeded database byte-identical from run to run.
 */
export function hashPasswordWithSalt(plain: string, salt: Uint8Array): Promise<string> {
  return hash(plain, { ...HASH_OPTIONS, salt });
}

/**
 * Whether `plain` is the password of `passwordHash`. A hash that is not an argon2 PHC string is a
 * corrupted row, not a wrong password: that rejects rather than answering false.
 */
export function verifyPassword(passwordHash: string, plain: string): Promise<boolean> {
  return verify(passwordHash, plain);
}
