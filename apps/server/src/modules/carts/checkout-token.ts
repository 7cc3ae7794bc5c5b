import { createHash, createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import { PUBLIC_PATHS, href } from '@portal/contracts/routes';
import { getOrCreateKey } from '../../auth/keys.js';
import type { Database } from '../../db/schema.js';

/**
 * A cart's checkout token: an HMAC of its id under the server's secret key, so that it is unguessable,
 * never stored (only its hash is, for the lookup), and yet the merchant's users can copy the link again
 * at any time. The key is the random secret kept in `signing_keys` for the identity provider's cookies,
 * under a purpose label of its own.
 */
export async function checkoutTokenFor(db: Kysely<Database>, cartId: string): Promise<string> {
  const key = await getOrCreateKey(db, 'oidc-cookies');
  return createHmac('sha256', key.secret).update(`cart-checkout:${cartId}`).digest('base64url');
}

/** What the table keeps and the lookup compares: the token's SHA-256, hex. */
export function checkoutTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function checkoutUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${href(PUBLIC_PATHS.checkout, { checkoutToken: token })}`;
}
