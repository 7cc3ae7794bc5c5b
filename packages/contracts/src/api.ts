import { z } from 'zod/mini';
import { refusalParamSchema } from './refusals.js';

/** Every call carries these (ARCHITECTURE.md, API conventions; specification §7). */
export const API_VERSION_HEADER = 'X-API-Version';
export const API_VERSION = 'v2';
export const REQUEST_ID_HEADER = 'X-Request-ID';
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** Default call timeout of the portal's HTTP client (specification §9). */
export const DEFAULT_CALL_TIMEOUT_MS = 30_000;

export const ERROR_CODES = [
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'GONE',
  'PAYLOAD_TOO_LARGE',
  'UNPROCESSABLE',
  'RATE_LIMITED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * A field's error: `message` in English, for API clients; `reason` and `params` (a refusal of
 * refusals.ts) when the portal shows it to the user, in the user's language.
 */
export const errorDetailSchema = z.object({
  path: z.string(),
  message: z.string(),
  reason: z.optional(z.string()),
  params: z.optional(z.record(z.string(), refusalParamSchema)),
});
export type ErrorDetail = z.infer<typeof errorDetailSchema>;

export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    /** English, for logs and API clients; the portal shows `reason` in the user's language instead. */
    message: z.string(),
    details: z.optional(z.array(errorDetailSchema)),
    /** A refusal's stable code (`REFUSALS` of refusals.ts) and its parameters. */
    reason: z.optional(z.string()),
    params: z.optional(z.record(z.string(), refusalParamSchema)),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const paginationSchema = z.object({
  offset: z.int().check(z.nonnegative()),
  limit: z.int().check(z.positive()),
  total: z.int().check(z.nonnegative()),
});
export type Pagination = z.infer<typeof paginationSchema>;

/** The list shape: `{ data: { items, pagination } }` (specification §7, participations). */
export function listResponseSchema<T extends z.core.SomeType>(item: T) {
  return z.object({ data: z.object({ items: z.array(item), pagination: paginationSchema }) });
}

/** A single object: `{ data: … }`. */
export function dataResponseSchema<T extends z.core.SomeType>(item: T) {
  return z.object({ data: item });
}
