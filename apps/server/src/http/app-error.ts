import type { ErrorCode, ErrorDetail } from '@portal/contracts/api';

/**
 * The one error that services and routes throw on purpose. The error handler answers it as
 * `{ error: { code, message, details } }` with its status; its message is shown to the client, so it
 * must never carry internals (put those in `cause`, which is only logged).
 */
export class AppError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly details: ErrorDetail[] | undefined;

  constructor(
    status: number,
    code: ErrorCode,
    message: string,
    options: { details?: ErrorDetail[]; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.status = status;
    this.code = code;
    this.details = options.details;
  }
}

export function unauthorized(message = 'Authentication is required'): AppError {
  return new AppError(401, 'UNAUTHORIZED', message);
}

export function forbidden(message = 'You do not have permission to do this'): AppError {
  return new AppError(403, 'FORBIDDEN', message);
}

export function notFound(message = 'Not found'): AppError {
  return new AppError(404, 'NOT_FOUND', message);
}

/** A state conflict, e.g. refunding more than was settled (ARCHITECTURE.md, API conventions). */
export function conflict(message: string, details?: ErrorDetail[]): AppError {
  return new AppError(409, 'CONFLICT', message, { details });
}

/** A business rule refused well-formed input. */
export function unprocessable(message: string, details?: ErrorDetail[]): AppError {
  return new AppError(422, 'UNPROCESSABLE', message, { details });
}
