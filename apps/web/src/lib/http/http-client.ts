import {
  API_VERSION,
  API_VERSION_HEADER,
  DEFAULT_CALL_TIMEOUT_MS,
  errorBodySchema,
  REQUEST_ID_HEADER,
} from '@portal/contracts/api';
import type { HttpMethod } from '@portal/contracts/endpoint';
import { isRefusalReason } from '@portal/contracts/refusals';
import { getToken as getStoredToken } from '../storage/portal-storage';
import { ApiError } from './api-error';
import { buildQueryString, type QueryParams } from './query-string';

export interface HttpClientConfig {
  /** The API origin: the `apiurl` value of the public config (specification §7); '' is this origin. */
  apiurl: string;
  /** The portal's token for authenticated calls; by default the one in local storage. */
  getToken?: () => string | null;
  /** Called when a call made with the portal's token answers 401, before it rejects (sign the user out). */
  onUnauthorized?: (error: ApiError) => void;
  timeoutMs?: number;
}

interface ResolvedConfig {
  apiurl: string;
  getToken: () => string | null;
  onUnauthorized: (error: ApiError) => void;
  timeoutMs: number;
}

function resolveConfig(next: HttpClientConfig): ResolvedConfig {
  return {
    apiurl: next.apiurl.replace(/\/+$/, ''),
    getToken: next.getToken ?? getStoredToken,
    onUnauthorized: next.onUnauthorized ?? (() => undefined),
    timeoutMs: next.timeoutMs ?? DEFAULT_CALL_TIMEOUT_MS,
  };
}

// Until the public config is known (it is itself fetched through this client), calls go to this origin.
let config = resolveConfig({ apiurl: '' });

/** Sets the client up once the public config is known; replaces any earlier configuration. */
export function configureHttpClient(next: HttpClientConfig): void {
  config = resolveConfig(next);
}

/** One call as the transport sends it; `callEndpoint` and `downloadFile` build it from a declaration. */
export interface HttpRequest {
  readonly method: HttpMethod;
  /** The API path, already filled in from the endpoint's pattern. */
  readonly path: string;
  readonly query?: QueryParams;
  /** Sent as JSON. */
  readonly body?: unknown;
  readonly headers: Readonly<Record<string, string>>;
  /** Sends the portal's token (specification §7); a 401 then signs the user out. */
  readonly authenticated: boolean;
  /** A bearer token other than the portal's, such as the identity provider's for the token exchange. */
  readonly bearerToken?: string;
  /** The configured timeout (30000 ms unless configured) unless given; `null`: none (a large export). */
  readonly timeoutMs?: number | null;
  /** Cancels the call (React Query passes one); the call then rejects with code 'ABORTED'. */
  readonly signal?: AbortSignal;
}

/** What a successful answer is read into; it runs within the call's timeout and cancellation. */
export type AnswerReader<T> = (response: Response, requestId: string) => Promise<T>;

async function readError(response: Response, requestId: string): Promise<ApiError> {
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const parsed = errorBodySchema.safeParse(body);
  if (parsed.success) {
    const { code, message, details, reason, params = {} } = parsed.data.error;
    // A code this build does not know (a newer server) shows the server's English message.
    const refusal = isRefusalReason(reason) ? { reason, params } : null;
    return new ApiError({ status: response.status, code, message, details, refusal, requestId });
  }
  return new ApiError({
    status: response.status,
    code: 'HTTP_ERROR',
    message: `Request failed with status ${response.status}`,
    requestId,
  });
}

function failure(code: 'TIMEOUT' | 'ABORTED' | 'NETWORK_ERROR', requestId: string, cause: unknown): ApiError {
  const messages = {
    TIMEOUT: 'The call timed out',
    ABORTED: 'The call was canceled',
    NETWORK_ERROR: 'The API cannot be reached',
  };
  return new ApiError({ status: 0, code, message: messages[code], requestId, cause });
}

/**
 * The portal's one transport to its API (specification §7): `X-API-Version: v2`, a new `X-Request-ID`,
 * the portal's bearer token on an authenticated call, a timeout, the caller's cancellation, and every
 * failure as an ApiError. A 401 of a call made with the portal's token signs the user out first.
 */
export async function sendRequest<T>(request: HttpRequest, read: AnswerReader<T>): Promise<T> {
  const requestId = crypto.randomUUID();
  const headers = new Headers(request.headers);
  headers.set(API_VERSION_HEADER, API_VERSION);
  headers.set(REQUEST_ID_HEADER, requestId);

  const usesPortalToken = request.authenticated && request.bearerToken === undefined;
  const token = request.bearerToken ?? (request.authenticated ? config.getToken() : null);
  if (token) headers.set('Authorization', `Bearer ${token}`);

  let body: string | undefined;
  if (request.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(request.body);
  }

  const controller = new AbortController();
  const timeout = new DOMException('The call timed out', 'TimeoutError');
  const timeoutMs = request.timeoutMs === undefined ? config.timeoutMs : request.timeoutMs;
  const timer =
    timeoutMs === null
      ? undefined
      : setTimeout(() => {
          controller.abort(timeout);
        }, timeoutMs);
  const abortFromCaller = () => {
    controller.abort();
  };
  if (request.signal?.aborted) controller.abort();
  request.signal?.addEventListener('abort', abortFromCaller);

  try {
    const response = await fetch(`${config.apiurl}${request.path}${buildQueryString(request.query)}`, {
      method: request.method,
      headers,
      body,
      signal: controller.signal,
    });
    if (!response.ok) {
      const error = await readError(response, requestId);
      if (response.status === 401 && usesPortalToken) config.onUnauthorized(error);
      throw error;
    }
    return await read(response, requestId);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (controller.signal.reason === timeout) throw failure('TIMEOUT', requestId, error);
    if (controller.signal.aborted) throw failure('ABORTED', requestId, error);
    throw failure('NETWORK_ERROR', requestId, error);
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener('abort', abortFromCaller);
  }
}
