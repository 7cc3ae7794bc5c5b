import type { ErrorCode, ErrorDetail } from '@portal/contracts/api';
import {
  refusalMessage,
  type RefusalArgs,
  type RefusalParam,
  type RefusalReason,
} from '@portal/contracts/refusals';

/** A refusal of the catalogue (contracts/refusals.ts) with its parameters and its English text. */
export interface Refused {
  readonly reason: RefusalReason;
  readonly params: Readonly<Record<string, RefusalParam>>;
  readonly message: string;
}

/** A refusal by its code: the portal translates it, the English `message` comes from the catalogue. */
export function refused<R extends RefusalReason>(reason: R, ...args: RefusalArgs<R>): Refused {
  // Each code's parameters are of the kinds the error body carries (RefusalParam).
  const params = (args[0] ?? {}) as Readonly<Record<string, RefusalParam>>;
  return { reason, params, message: refusalMessage(reason, ...args) };
}

/**
 * The one error that services and routes throw on purpose. The error handler answers it as
 * `{ error: { code, message, details, reason, params } }` with its status; its message is shown to the
 * client, so it must never carry internals (put those in `cause`, which is only logged). What a user
 * may see is a refusal of the catalogue (`refused`), which the portal shows in the user's language.
 */
export class AppError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly details: ErrorDetail[] | undefined;
  readonly refusal: Refused | undefined;

  constructor(
    status: number,
    code: ErrorCode,
    message: string | Refused,
    options: { details?: ErrorDetail[]; cause?: unknown } = {},
  ) {
    super(typeof message === 'string' ? message : message.message, { cause: options.cause });
    this.name = 'AppError';
    this.status = status;
    this.code = code;
    this.details = options.details;
    this.refusal = typeof message === 'string' ? undefined : message;
  }
}

export function unauthorized(message: string | Refused = 'Authentication is required'): AppError {
  return new AppError(401, 'UNAUTHORIZED', message);
}

export function forbidden(message: string | Refused = refused('auth.no_permission')): AppError {
  return new AppError(403, 'FORBIDDEN', message);
}

export function notFound(message: string | Refused = 'Not found'): AppError {
  return new AppError(404, 'NOT_FOUND', message);
}

/** A state conflict, e.g. refunding more than was settled (ARCHITECTURE.md, API conventions). */
export function conflict(refusal: Refused, details?: ErrorDetail[]): AppError {
  return new AppError(409, 'CONFLICT', refusal, { details });
}

/** A business rule refused well-formed input. */
export function unprocessable(refusal: Refused, details?: ErrorDetail[]): AppError {
  return new AppError(422, 'UNPROCESSABLE', refusal, { details });
}
