import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { ACCESS_KEY_SECRET_PATTERN } from '@portal/contracts/access-keys';

/**
 * A key's secret: 32 random bytes, written `sk_` + base64url. It is stored as its SHA-256 only. A fast,
 * unkeyed hash is enough here (docs/decisions/0013-merchant-api-keys.md): 256 random bits cannot be
 * guessed from a leaked hash, so neither a slow hash nor a server pepper would add to that, and both
 * would cost something (a slow hash on every API call; a pepper that, once rotated, voids every key).
 */
export function newSecret(): string {
  return `sk_${randomBytes(32).toString('base64url')}`;
}

export function secretHash(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** The text a merchant's server sends after `Bearer `: the key's id, a dot, the secret. */
export function presentedSecret(keyId: string, secret: string): string {
  return `${keyId}.${secret}`;
}

/** The key id and secret of a presented key; undefined when it does not have the shape of one. */
export function parsePresented(text: string): { keyId: string; secret: string } | undefined {
  const match = ACCESS_KEY_SECRET_PATTERN.exec(text);
  if (match?.[1] === undefined || match[2] === undefined) return undefined;
  return { keyId: match[1], secret: match[2] };
}

/** Compares hashes in constant time, so that timing tells nothing of a stored hash. */
export function sameHash(presented: string, stored: string | null): boolean {
  if (stored === null) return false;
  const a = Buffer.from(presented, 'hex');
  const b = Buffer.from(stored, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
