import { createHmac, hkdfSync, randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { getOrCreateKey } from '../../auth/keys.js';
import type { Database } from '../../db/schema.js';

/**
 * Six digits from the operating system's cryptographic generator, each of the 1,000,000 codes equally
 * likely (randomInt draws without modulo bias).
 */
export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** The code's hasher: HMAC-SHA256 under a key of the server's that no database row holds in clear. */
export type CodeHasher = (code: string) => string;

/**
 * A code is stored as HMAC-SHA256 under a key derived (HKDF, its own label) from the server's stored
 * secret, which is kept encrypted with KEY_ENCRYPTION_KEY and shared by every instance. Six digits are
 * only 1,000,000 values, so an unkeyed or even a slow hash of a leaked row would be reversed offline in
 * seconds to hours; under this key a stolen table alone reverses nothing, and the hash never leaves
 * the server. A keyed hash is also deterministic per merchant, which lets a unique index keep two
 * active codes of a merchant apart. A retired server secret makes the active codes unverifiable: they
 * live one day, and a new one is a click away.
 */
export async function codeHasher(db: Kysely<Database>): Promise<CodeHasher> {
  const { secret } = await getOrCreateKey(db, 'oidc-cookies');
  const key = Buffer.from(hkdfSync('sha256', secret, '', 'location-verification-codes', 32));
  return (code) => createHmac('sha256', key).update(code).digest('hex');
}
