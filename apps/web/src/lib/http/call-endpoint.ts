import { IDEMPOTENCY_KEY_HEADER } from '@portal/contracts/api';
import {
  endpointUrl,
  type AnyEndpoint,
  type PathParamName,
  type PathValues,
} from '@portal/contracts/endpoint';
import { z } from 'zod/mini';
import { ApiError } from './api-error';
import { sendRequest, type HttpRequest } from './http-client';
import type { QueryValue } from './query-string';

/** The query of an endpoint: only the keys its query schema knows, as they go on the wire. */
type QueryOf<S> = S extends z.core.$ZodType
  ? { readonly query?: { readonly [K in keyof z.input<S>]?: QueryValue | readonly QueryValue[] | null } }
  : { readonly query?: undefined };

type ParamsOf<E extends AnyEndpoint> = [PathParamName<E['path']>] extends [never]
  ? { readonly params?: undefined }
  : { readonly params: PathValues<E> };

type BodyOf<S> = S extends z.core.$ZodType ? { readonly body: z.input<S> } : { readonly body?: undefined };

type IdempotencyOf<E extends AnyEndpoint> = E['idempotent'] extends true
  ? {
      /**
       * The `Idempotency-Key`; a new one for each call unless given. Give one to make several calls one
       * act, such as the retries of one confirmed action.
       */
      readonly idempotencyKey?: string;
    }
  : { readonly idempotencyKey?: undefined };

export type CallOptions<E extends AnyEndpoint> = ParamsOf<E> &
  QueryOf<E['query']> &
  BodyOf<E['body']> &
  IdempotencyOf<E> & {
    /** Cancels the call (React Query passes one); the call then rejects with code 'ABORTED'. */
    readonly signal?: AbortSignal;
    readonly headers?: Readonly<Record<string, string>>;
    /** A bearer token other than the portal's: the provider's for the token exchange, the one to end. */
    readonly bearerToken?: string;
    /** Overrides the configured timeout. */
    readonly timeoutMs?: number;
  };

/** The decoded answer: the schema's output (its `dateTime` fields as Dates), or nothing for a 204. */
export type EndpointAnswerOf<E extends AnyEndpoint> = E['answer'] extends {
  readonly schema: infer S extends z.core.$ZodType;
}
  ? z.output<S> | (E['answer'] extends { readonly orNoContent: true } ? undefined : never)
  : undefined;

/** Options can be left out when the endpoint needs none. */
type OptionsArgument<E extends AnyEndpoint> =
  object extends CallOptions<E> ? [options?: CallOptions<E>] : [options: CallOptions<E>];

/**
 * `endpointUrl` for an endpoint of any pattern: the options' type has checked the values against the
 * pattern, and endpointUrl checks them again at run time.
 */
const fillPattern: (endpoint: AnyEndpoint, params?: Readonly<Record<string, string>>) => string = endpointUrl;

/**
 * The request of an endpoint as the transport sends it: the URL from its pattern, its method, the
 * portal's token unless it is public, and an `Idempotency-Key` when it is idempotent.
 */
export function endpointRequest<E extends AnyEndpoint>(
  endpoint: E,
  options: CallOptions<E>,
  accept: string,
): HttpRequest {
  const path = fillPattern(endpoint, options.params);
  const headers: Record<string, string> = { ...options.headers, Accept: accept };
  if (endpoint.idempotent === true) {
    headers[IDEMPOTENCY_KEY_HEADER] = options.idempotencyKey ?? crypto.randomUUID();
  }
  return {
    method: endpoint.method,
    path,
    query: options.query,
    body: options.body,
    headers,
    authenticated: endpoint.access !== 'public',
    bearerToken: options.bearerToken,
    timeoutMs: options.timeoutMs,
    signal: options.signal,
  };
}

async function readJson(response: Response, requestId: string): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch (cause) {
    throw new ApiError({
      status: response.status,
      code: 'INVALID_RESPONSE',
      message: 'The answer is not JSON',
      requestId,
      cause,
    });
  }
}

/** The answer decoded by the endpoint's schema: validated, typed, its `dateTime` fields as Dates. */
function decodeAnswer(endpoint: AnyEndpoint, status: number, value: unknown, requestId: string): unknown {
  const { answer } = endpoint;
  if (!('schema' in answer) || status === 204) return undefined;
  const parsed = z.safeParse(answer.schema, value);
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

/**
 * Calls an endpoint declared in `@portal/contracts` (docs/architecture.md, "Endpoints"): the URL is
 * built from its pattern, the method and the token follow its declaration, and the answer is decoded by
 * its schema. Every failure rejects with an ApiError.
 */
export async function callEndpoint<E extends AnyEndpoint>(
  endpoint: E,
  ...[options = {} as CallOptions<E>]: OptionsArgument<E>
): Promise<EndpointAnswerOf<E>> {
  const answer = await sendRequest(
    endpointRequest(endpoint, options, 'application/json'),
    async (response, requestId) =>
      decodeAnswer(endpoint, response.status, await readJson(response, requestId), requestId),
  );
  return answer as EndpointAnswerOf<E>;
}
