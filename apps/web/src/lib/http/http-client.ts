import {
  API_VERSION,
  API_VERSION_HEADER,
  DEFAULT_CALL_TIMEOUT_MS,
  errorBodySchema,
  REQUEST_ID_HEADER,
} from '@portal/contracts/api';
import type { z } from 'zod';
import { getToken as getStoredToken } from '../storage/portal-storage';
import { ApiError } from './api-error';
import { serializeDates } from './json-dates';
import { buildQueryString, type QueryParams } from './query-string';

export interface HttpClientConfig {
  /** The API origin: the `apiurl` value of the public config (specification §7); '' is this origin. */
  apiurl: string;
  /** The portal's token for authenticated calls; by default the one in local storage. */
  getToken?: () => string | null;
  /** Called when an authenticated call answers 401, before the call rejects (sign the user out). */
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

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  /** GET unless given. */
  method?: HttpMethod;
  query?: QueryParams;
  /** Sent as JSON, Dates as ISO text (a midnight-UTC date as `YYYY-MM-DD`). */
  body?: unknown;
  headers?: Readonly<Record<string, string>>;
  /** Calls send the portal's token unless this is false (specification §7). */
  authenticated?: boolean;
  /** A bearer token other than the portal's, such as the identity provider's for the token exchange. */
  bearerToken?: string;
  /** Overrides the configured timeout (30000 ms unless configured). */
  timeoutMs?: number;
  /** Cancels the call (React Query passes one); the call then rejects with code 'ABORTED'. */
  signal?: AbortSignal;
}

export type RequestOptionsWithSchema<S extends z.ZodType> = RequestOptions & {
  /** Validates the answer; its date fields are the ones it declares (answer-dates.ts), nothing is guessed. */
  schema: S;
};

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
    const { code, message, details } = parsed.data.error;
    return new ApiError({ status: response.status, code, message, details, requestId });
  }
  return new ApiError({
    status: response.status,
    code: 'HTTP_ERROR',
    message: `Request failed with status ${response.status}`,
    requestId,
  });
}

interface Answer {
  value: unknown;
  status: number;
  requestId: string;
}

async function send(path: string, options: RequestOptions): Promise<Answer> {
  const requestId = crypto.randomUUID();
  const headers = new Headers(options.headers);
  headers.set(API_VERSION_HEADER, API_VERSION);
  headers.set(REQUEST_ID_HEADER, requestId);
  headers.set('Accept', 'application/json');

  const usesPortalToken = options.authenticated !== false && options.bearerToken === undefined;
  const token = options.authenticated === false ? null : (options.bearerToken ?? config.getToken());
  if (token) headers.set('Authorization', `Bearer ${token}`);

  let body: string | undefined;
  if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(serializeDates(options.body));
  }

  const controller = new AbortController();
  const timeout = new DOMException('The call timed out', 'TimeoutError');
  const timer = setTimeout(() => {
    controller.abort(timeout);
  }, options.timeoutMs ?? config.timeoutMs);
  const abortFromCaller = () => {
    controller.abort();
  };
  if (options.signal?.aborted) controller.abort();
  options.signal?.addEventListener('abort', abortFromCaller);

  try {
    const response = await fetch(`${config.apiurl}${path}${buildQueryString(options.query)}`, {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: controller.signal,
    });
    if (!response.ok) {
      const error = await readError(response, requestId);
      if (response.status === 401 && usesPortalToken) config.onUnauthorized(error);
      throw error;
    }
    const text = await response.text();
    if (text === '') return { value: undefined, status: response.status, requestId };
    try {
      return { value: JSON.parse(text) as unknown, status: response.status, requestId };
    } catch (cause) {
      throw new ApiError({
        status: response.status,
        code: 'INVALID_RESPONSE',
        message: 'The answer is not JSON',
        requestId,
        cause,
      });
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (controller.signal.reason === timeout) {
      throw new ApiError({
        status: 0,
        code: 'TIMEOUT',
        message: 'The call timed out',
        requestId,
        cause: error,
      });
    }
    if (controller.signal.aborted) {
      throw new ApiError({
        status: 0,
        code: 'ABORTED',
        message: 'The call was cancelled',
        requestId,
        cause: error,
      });
    }
    throw new ApiError({
      status: 0,
      code: 'NETWORK_ERROR',
      message: 'The API cannot be reached',
      requestId,
      cause: error,
    });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', abortFromCaller);
  }
}

/**
 * Calls the portal's API (specification §7): `X-API-Version: v2`, a new `X-Request-ID`, the portal's
 * bearer token unless `authenticated: false`, a timeout, JSON in and out (Dates sent as ISO text).
 * Every failure rejects with an ApiError. With a schema the answer is validated and typed; without
 * one it is `unknown` (use that for calls whose answer is not read).
 */
export async function apiRequest<S extends z.ZodType>(
  path: string,
  options: RequestOptionsWithSchema<S>,
): Promise<z.output<S>>;
export async function apiRequest(path: string, options?: RequestOptions): Promise<unknown>;
export async function apiRequest(
  path: string,
  options: RequestOptions & { schema?: z.ZodType } = {},
): Promise<unknown> {
  const { value, status, requestId } = await send(path, options);
  if (!options.schema) return value;
  const parsed = options.schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new ApiError({
    status,
    code: 'INVALID_RESPONSE',
    message: 'The answer does not have the expected shape',
    details: parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
    requestId,
    cause: parsed.error,
  });
}
