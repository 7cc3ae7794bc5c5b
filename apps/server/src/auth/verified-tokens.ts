import type { VerifiedPortalToken } from './portal-token.js';

/** How long a verified signature is taken as read; never past the token's own expiry. */
export const VERIFIED_TOKEN_TTL_MS = 30_000;
/** Tokens remembered at most: the signed-in users of a few busy minutes, a few MB at worst. */
export const VERIFIED_TOKEN_LIMIT = 10_000;

/**
 * Portal tokens whose signature and claims this instance verified lately, by their exact text. The
 * portal sends the same token with every call for 15 minutes, and checking its ES256 signature was a
 * sixth of a simple call's time. Only that verification is remembered: whether the token's sign-in
 * still stands (sign-out, removal, role change) is read from the database at every request
 * (access.ts), so revocation still takes effect at the very next call. A token that failed is never
 * remembered, and a token that differs in any byte is verified afresh.
 */
export class VerifiedTokens {
  readonly #entries = new Map<string, { verified: VerifiedPortalToken; until: number }>();

  constructor(
    private readonly ttlMs = VERIFIED_TOKEN_TTL_MS,
    private readonly limit = VERIFIED_TOKEN_LIMIT,
  ) {}

  /** The verified claims of a token seen lately and still unexpired; undefined otherwise. */
  get(token: string, now = Date.now()): VerifiedPortalToken | undefined {
    const entry = this.#entries.get(token);
    if (entry === undefined) return undefined;
    if (now < entry.until) return entry.verified;
    this.#entries.delete(token);
    return undefined;
  }

  remember(token: string, verified: VerifiedPortalToken, now = Date.now()): VerifiedPortalToken {
    const until = Math.min(now + this.ttlMs, verified.expiresAt.getTime());
    if (until <= now) return verified;
    if (this.#entries.size >= this.limit) {
      // The oldest entry (Map keeps insertion order) would be the first to expire anyway.
      const oldest = this.#entries.keys().next();
      if (oldest.done !== true) this.#entries.delete(oldest.value);
    }
    this.#entries.set(token, { verified, until });
    return verified;
  }
}
