import { portalTokenClaimsSchema, type PortalTokenClaims } from '@portal/contracts/token';

export type TokenDecodeFailure =
  'NOT_A_STRING' | 'MISSING_PAYLOAD' | 'BAD_BASE64' | 'BAD_JSON' | 'INVALID_CLAIMS';

export class TokenDecodeError extends Error {
  override readonly name = 'TokenDecodeError';

  constructor(
    readonly reason: TokenDecodeFailure,
    options?: ErrorOptions,
  ) {
    super(`Cannot decode token: ${reason}`, options);
  }
}

// atob ignores whitespace and accepts some malformed input, so the alphabet is checked first.
const BASE64_OR_BASE64URL = /^[A-Za-z0-9+/_-]+={0,2}$/;

function decodeBase64Url(part: string): Uint8Array {
  if (!BASE64_OR_BASE64URL.test(part) || part.replace(/=+$/, '').length % 4 === 1) {
    throw new TokenDecodeError('BAD_BASE64');
  }
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  try {
    const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
    return Uint8Array.from(binary, (char) => char.charCodeAt(0));
  } catch (cause) {
    throw new TokenDecodeError('BAD_BASE64', { cause });
  }
}

/**
 * Reads the claims of the portal's token. It does not verify the signature: the server does that on
 * every call, and the portal only needs the claims to decide what to display.
 */
export function decodeToken(token: unknown): PortalTokenClaims {
  if (typeof token !== 'string') throw new TokenDecodeError('NOT_A_STRING');
  const payloadPart = token.split('.')[1];
  if (!payloadPart) throw new TokenDecodeError('MISSING_PAYLOAD');

  const bytes = decodeBase64Url(payloadPart);
  let payload: unknown;
  try {
    payload = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch (cause) {
    throw new TokenDecodeError('BAD_JSON', { cause });
  }

  const claims = portalTokenClaimsSchema.safeParse(payload);
  if (!claims.success) throw new TokenDecodeError('INVALID_CLAIMS', { cause: claims.error });
  return claims.data;
}
