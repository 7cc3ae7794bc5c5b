import { PORTAL_APP_ID, type TokenExchangeRequest } from '@portal/contracts/auth';
import { logoutEndpoint, tokenExchangeEndpoint } from '@portal/contracts/auth-endpoints';
import type { ClientLogEntry } from '@portal/contracts/client-log';
import { clientLogEndpoint } from '@portal/contracts/client-log-endpoints';
import { ApiError } from '../http/api-error';
import { callEndpoint } from '../http/call-endpoint';

type ExchangeOutcome = { token: string; error?: undefined } | { token: ''; error: unknown };

/**
 * Reports an auth failure to the server's log (specification §7: unauthenticated, as the user has no
 * portal token at this point). Never the tokens themselves. A failed report is dropped: there is
 * nowhere left to report it.
 */
export async function logAuthError(message: string, context: Record<string, unknown>): Promise<void> {
  const entry: ClientLogEntry = { level: 'error', message, context };
  try {
    await callEndpoint(clientLogEndpoint, { body: entry });
  } catch {
    // Dropped on purpose, see above.
  }
}

export function errorContext(error: unknown): Record<string, unknown> {
  if (error instanceof ApiError) {
    return { status: error.status, code: error.code, error: error.message, requestId: error.requestId };
  }
  return { error: error instanceof Error ? error.message : String(error) };
}

/**
 * Trades the identity provider's access token for the portal's own token (specification §7). A
 * failure is logged and yields an empty token, with the error for the caller to report.
 */
export async function exchangeToken(providerToken: string, merchantId: string): Promise<ExchangeOutcome> {
  const body: TokenExchangeRequest = { appID: PORTAL_APP_ID, merchantID: merchantId };
  try {
    const { token } = await callEndpoint(tokenExchangeEndpoint, { bearerToken: providerToken, body });
    if (token === '') throw new Error('The token exchange answered an empty token');
    return { token };
  } catch (error) {
    // Not awaited: a slow log must not hold the user on the loading page.
    void logAuthError('Token exchange failed', { merchantID: merchantId, ...errorContext(error) });
    return { token: '', error };
  }
}

/** A sign-out must not wait long for a server that does not answer. */
const SIGN_OUT_TIMEOUT_MS = 5_000;

/**
 * Ends the sign-in on the server (`POST /api/auth/logout`), so that this portal token and every other
 * one of the same sign-in are refused from now on. Never rejects: the browser signs out all the same,
 * and the provider's end-session page still ends the provider's session.
 */
export async function signOutOnServer(portalToken: string): Promise<void> {
  try {
    await callEndpoint(logoutEndpoint, { bearerToken: portalToken, timeoutMs: SIGN_OUT_TIMEOUT_MS });
  } catch (error) {
    void logAuthError('Sign-out on the server failed', errorContext(error));
  }
}
