import type { z } from 'zod/mini';
import type { AccessKeyGrant } from './access-keys.js';
import { PAGES, type PageName } from './routes.js';
import type { Scope } from './scopes.js';

/**
 * What an endpoint lets through (docs/auth.md, "The server enforces access"):
 * - `'public'`: anyone, no token;
 * - `{ scopes }`: a valid portal token holding every one of these scopes (`[]`: any signed-in user);
 * - `{ page }`: the scopes of that page in the PAGES table, and 404 where the server's brand hides the page;
 *   with `scopes` too, these on top of the page's (a change made on a page that one may only read);
 * - `{ apiKey }`: the merchant API (docs/decisions/0013-merchant-api-keys.md): a merchant's access key
 *   whose scopes grant this, never a portal token; with `hiddenWithPage`, 404 where the brand hides
 *   that page (the API offers what the portal offers).
 */
export type EndpointAccess =
  | 'public'
  | { readonly scopes: readonly Scope[] }
  | { readonly page: PageName; readonly scopes?: readonly Scope[] }
  | { readonly apiKey: AccessKeyGrant; readonly hiddenWithPage?: PageName };

/**
 * Every portal scope a caller needs for a non-public endpoint: its own, and its page's. A merchant-API
 * endpoint needs a key, which no portal scope stands for: none.
 */
export function scopesOf(access: Exclude<EndpointAccess, 'public'>): readonly Scope[] {
  if ('apiKey' in access) return [];
  if (!('page' in access)) return access.scopes;
  const page: { readonly scopes: readonly Scope[] } = PAGES[access.page];
  return [...page.scopes, ...(access.scopes ?? [])];
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The error statuses an endpoint can answer, each with the one error body (api.ts). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 422 | 429 | 503;

/**
 * What a success answers: a JSON body of `schema` at `status` (and, with `orNoContent`, sometimes 204
 * with no body), no body at all (204), or a file download (`file` is its media type) whose errors
 * before the first byte are still JSON.
 */
export type EndpointAnswer =
  | { readonly status: 200 | 201 | 202; readonly schema: z.core.$ZodType; readonly orNoContent?: true }
  | { readonly status: 204 }
  | { readonly status: 200; readonly file: string };

/** The `:name` parameters of a path pattern: `'/api/users/:id/role'` gives `'id'`. */
export type PathParamName<P extends string> = P extends `${string}:${infer Param}/${infer Rest}`
  ? Param | PathParamName<`/${Rest}`>
  : P extends `${string}:${infer Param}`
    ? Param
    : never;

/** A pattern with parameters must declare their schema, one key per parameter; one without, none. */
type ParamsOf<P extends string> = [PathParamName<P>] extends [never]
  ? { readonly params?: undefined }
  : { readonly params: z.core.$ZodType<Record<PathParamName<P>, string>> };

interface EndpointFields {
  readonly method: HttpMethod;
  readonly path: string;
  readonly query?: z.core.$ZodType;
  readonly body?: z.core.$ZodType;
  readonly answer: EndpointAnswer;
  /** Required: an endpoint that does not say who may call it does not compile. */
  readonly access: EndpointAccess;
  /** The call creates or acts once per `Idempotency-Key` (apps/server/src/http/idempotency.ts). */
  readonly idempotent?: true;
  readonly summary: string;
  readonly description?: string;
  readonly tags: readonly string[];
  /** The error statuses besides the ones every call can get (500, and 400 for a bad header). */
  readonly errors: readonly ErrorStatus[];
  /** Set when the server registers the endpoint only under this condition (it is absent otherwise). */
  readonly registeredWhen?: string;
}

/** One API endpoint, declared once: the server registers it, the portal calls it, OpenAPI documents it. */
export type Endpoint<P extends string = string> = EndpointFields & { readonly path: P } & ParamsOf<P>;

/** An endpoint of any path, for code that handles them all (the server's registration, the route table). */
export type AnyEndpoint = EndpointFields & { readonly params?: z.core.$ZodType<Record<string, string>> };

/** Declares an endpoint; the literal types are kept, so that callers and handlers get exact types. */
export function defineEndpoint<const P extends string, const E extends Endpoint<P>>(
  endpoint: E & { readonly path: P },
): E {
  return endpoint;
}

/** The values an endpoint's path pattern needs, by parameter name. */
export type PathValues<E extends { readonly path: string }> = Readonly<
  Record<PathParamName<E['path']>, string>
>;

/**
 * The URL of an endpoint for these parameter values, each encoded as one path segment. No URL of the
 * API is written by hand: `endpointUrl(updateUserRoleEndpoint, { id })`.
 */
export function endpointUrl<E extends { readonly path: string }>(
  endpoint: E,
  ...[params]: [PathParamName<E['path']>] extends [never] ? [] : [PathValues<E>]
): string {
  const values: Readonly<Record<string, string>> = params ?? {};
  return endpoint.path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${endpoint.path} needs a value for :${name}`);
    return encodeURIComponent(value);
  });
}
