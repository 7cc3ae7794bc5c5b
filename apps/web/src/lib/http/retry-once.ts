import { ApiError } from './api-error';

/** A query's `retry`: a refusal (4xx) will be refused again; a failure on the way (network, 5xx) is tried once more. */
export function retryOnce(failureCount: number, error: unknown): boolean {
  return failureCount < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500);
}
