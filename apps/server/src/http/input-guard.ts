import type { FastifyInstance } from 'fastify';
import type { ErrorDetail } from '@portal/contracts/api';
import { AppError } from './app-error.js';

/**
 * Text that neither database keeps as sent: PostgreSQL refuses NUL in text (an error, not a refusal),
 * and a lone surrogate has no UTF-8 form, so both drivers would store U+FFFD in its place.
 */
const UNSTORABLE = /\0|\p{Cs}/u;

const UNSTORABLE_MESSAGE = 'Contains a character that cannot be stored (NUL or a lone surrogate)';

/**
 * No request of the API nests deeper than a few levels; past this, a body is refused before any schema
 * or handler walks it (a deep enough JSON document exhausts the stack of any recursive walk).
 */
const MAX_DEPTH = 32;

const TOO_DEEP_MESSAGE = `Nested more than ${String(MAX_DEPTH)} levels deep`;

/**
 * The paths (`body.items.0.name`) of every string or key under `value` that cannot be stored, and of
 * the first value nested too deeply. A loop over a stack rather than recursion, whatever the depth.
 */
function problemsUnder(value: unknown, path: string): ErrorDetail[] {
  const found: ErrorDetail[] = [];
  const pending: { value: unknown; path: string; depth: number }[] = [{ value, path, depth: 0 }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (typeof next.value === 'string') {
      if (UNSTORABLE.test(next.value)) found.push({ path: next.path, message: UNSTORABLE_MESSAGE });
      continue;
    }
    if (next.value === null || typeof next.value !== 'object') continue;
    if (next.depth >= MAX_DEPTH) {
      found.push({ path: next.path, message: TOO_DEEP_MESSAGE });
      break;
    }
    for (const [key, inner] of Object.entries(next.value)) {
      const innerPath = `${next.path}.${key}`;
      if (UNSTORABLE.test(key)) found.push({ path: innerPath, message: UNSTORABLE_MESSAGE });
      else pending.push({ value: inner, path: innerPath, depth: next.depth + 1 });
    }
  }
  return found;
}

/**
 * Refuses, on every route and before any schema or handler sees it, a request whose path parameters,
 * query or body hold text the databases cannot store, or nest deeper than any request of the API:
 * 400 VALIDATION_FAILED naming each field.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const details = [
      ...problemsUnder(request.params, 'params'),
      ...problemsUnder(request.query, 'query'),
      ...problemsUnder(request.body, 'body'),
    ];
    if (details.length === 0) {
      done();
      return;
    }
    done(new AppError(400, 'VALIDATION_FAILED', 'The request is not valid', { details }));
  });
}
