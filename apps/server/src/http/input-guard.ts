import type { FastifyInstance } from 'fastify';
import type { ErrorDetail } from '@portal/contracts/api';
import { AppError } from './app-error.js';

/**
 * Text that neither database keeps as sent: PostgreSQL refuses NUL in text (an error, not a refusal),
 * and a lone surrogate has no UTF-8 form, so both drivers would store U+FFFD in its place.
 */
const UNSTORABLE = /\0|\p{Cs}/u;

const UNSTORABLE_MESSAGE = 'Contains a character that cannot be stored (NUL or a lone surrogate)';

/** The paths (`body.items.0.name`) of every string or key under `value` that cannot be stored. */
function unstorablePaths(value: unknown, path: string, found: string[]): void {
  if (typeof value === 'string') {
    if (UNSTORABLE.test(value)) found.push(path);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  for (const [key, inner] of Object.entries(value)) {
    const innerPath = `${path}.${key}`;
    if (UNSTORABLE.test(key)) found.push(innerPath);
    else unstorablePaths(inner, innerPath, found);
  }
}

/**
 * Refuses, on every route and before any schema or handler sees it, a request whose path parameters,
 * query or body hold text the databases cannot store: 400 VALIDATION_FAILED naming each field.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const found: string[] = [];
    unstorablePaths(request.params, 'params', found);
    unstorablePaths(request.query, 'query', found);
    unstorablePaths(request.body, 'body', found);
    if (found.length === 0) {
      done();
      return;
    }
    const details: ErrorDetail[] = found.map((path) => ({ path, message: UNSTORABLE_MESSAGE }));
    done(new AppError(400, 'VALIDATION_FAILED', 'The request is not valid', { details }));
  });
}
