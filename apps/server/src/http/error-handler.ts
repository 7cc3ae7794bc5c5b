import type { FastifyBaseLogger, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_VERSION, API_VERSION_HEADER, REQUEST_ID_HEADER } from '@portal/contracts/api';
import type { ErrorBody, ErrorCode, ErrorDetail } from '@portal/contracts/api';
import { AppError, type Refused } from './app-error.js';
import { isDatabaseUnavailableError } from './database-errors.js';

export const BODY_LIMIT_BYTES = 1_048_576;

const GENERIC_INTERNAL_MESSAGE = 'An unexpected error occurred. Please try again later.';

const CODE_BY_STATUS: Readonly<Record<number, ErrorCode>> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  410: 'GONE',
  413: 'PAYLOAD_TOO_LARGE',
  422: 'UNPROCESSABLE',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

// Fastify's body errors, reworded for a client that never heard of Fastify.
const FRAMEWORK_MESSAGES: Readonly<Record<string, string>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty but its content type is JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is larger than this call accepts',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'The content type of the request body is not supported',
};

type Severity = 'info' | 'warn' | 'error';

interface ErrorAnswer {
  status: number;
  body: ErrorBody;
  severity: Severity;
}

type ValidationIssue = NonNullable<FastifyError['validation']>[number];

const CONTEXT_NAMES: Readonly<Record<string, string>> = { querystring: 'query' };

function detailsOf(issues: ValidationIssue[], context: string | undefined): ErrorDetail[] {
  const root = context === undefined ? '' : (CONTEXT_NAMES[context] ?? context);
  const join = (...parts: string[]) => parts.filter((part) => part !== '').join('.');
  return issues.flatMap((issue) => {
    const path = join(root, ...issue.instancePath.split('/'));
    // zod reports every unknown field of a strict object in one issue; the client wants one per field.
    const keys: unknown = issue.params.keys;
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(keys)) {
      return keys.map((key) => ({ path: join(path, String(key)), message: 'Unknown field' }));
    }
    return [{ path, message: issue.message ?? 'Invalid value' }];
  });
}

function bodyOf(code: ErrorCode, message: string, details?: ErrorDetail[], refusal?: Refused): ErrorBody {
  return {
    error: {
      code,
      message,
      ...(details === undefined ? {} : { details }),
      ...(refusal === undefined ? {} : { reason: refusal.reason, params: { ...refusal.params } }),
    },
  };
}

/** The body the error handler answers for a refusal, for an answer that is kept (http/idempotency.ts). */
export function errorBodyOf(error: AppError): ErrorBody {
  return bodyOf(error.code, error.message, error.details, error.refusal);
}

function answer(
  status: number,
  code: ErrorCode,
  message: string,
  details?: ErrorDetail[],
  refusal?: Refused,
): ErrorAnswer {
  // 503 is an outage of something else (the database), reported as such rather than as a bug.
  const severity: Severity = status === 503 ? 'warn' : status >= 500 ? 'error' : 'info';
  return { status, body: bodyOf(code, message, details, refusal), severity };
}

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && ('statusCode' in error || 'validation' in error || 'code' in error);
}

/** Decides what the client sees for any error; never a stack, never the message of an unexpected error. */
function errorAnswerFor(error: unknown): ErrorAnswer {
  if (error instanceof AppError) {
    return answer(error.status, error.code, error.message, error.details, error.refusal);
  }
  if (isFastifyError(error)) {
    if (Array.isArray(error.validation)) {
      const details = detailsOf(error.validation, error.validationContext);
      return answer(400, 'VALIDATION_FAILED', 'The request is not valid', details);
    }
    const status = error.statusCode;
    if (status !== undefined && status >= 400 && status < 500) {
      return answer(
        status,
        CODE_BY_STATUS[status] ?? 'BAD_REQUEST',
        FRAMEWORK_MESSAGES[error.code] ?? error.message,
      );
    }
  }
  if (isDatabaseUnavailableError(error)) {
    return answer(503, 'SERVICE_UNAVAILABLE', 'The database is not reachable right now');
  }
  return answer(500, 'INTERNAL', GENERIC_INTERNAL_MESSAGE);
}

function logError(log: FastifyBaseLogger, error: unknown, result: ErrorAnswer): void {
  const fields = { err: error, statusCode: result.status, code: result.body.error.code };
  log[result.severity](fields, result.status >= 500 ? 'request failed' : 'request refused');
}

function setApiHeaders(request: FastifyRequest, reply: FastifyReply): void {
  reply.header(API_VERSION_HEADER, API_VERSION).header(REQUEST_ID_HEADER, request.id);
}

function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const result = errorAnswerFor(error);
  logError(request.log, error, result);
  return reply.code(result.status).type('application/json; charset=utf-8').send(result.body);
}

/** The one error handler (ARCHITECTURE.md, convention 5); child plugins inherit it. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request, reply) => {
    if (reply.sent) {
      request.log.error({ err: error }, 'error after the answer had started');
      return;
    }
    return sendError(error, request, reply);
  });
}

/**
 * Fastify answers a few malformed URLs before any hook runs; this gives them the error shape and the
 * headers that the `onRequest` hook would have set.
 */
export function frameworkErrorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  setApiHeaders(request, reply);
  void sendError(error, request, reply);
}

/** Every answer, errors included, carries the API version and the request id (ARCHITECTURE.md). */
export function registerApiHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    setApiHeaders(request, reply);
    done();
  });
}
