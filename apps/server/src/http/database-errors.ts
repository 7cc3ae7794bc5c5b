/**
 * Recognises errors meaning "the database cannot be reached right now" (as opposed to a bug or a bad
 * query), so that the error handler answers 503 and the client may retry. pg reports these as Node
 * socket errors, SQLSTATE codes or plain messages; better-sqlite3 as SQLITE_* codes.
 */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
]);

// SQLSTATE class 08 is "connection exception"; the others are a server shutting down or full.
const POSTGRES_CODES = new Set(['57P01', '57P02', '57P03', '53300']);

// pg raises these without a code when a connection dies or cannot be made in time.
const POSTGRES_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  // Kysely, once the handle has been destroyed (during shutdown).
  'driver has already been destroyed',
];

const SQLITE_CODE_PREFIXES = ['SQLITE_CANTOPEN', 'SQLITE_BUSY', 'SQLITE_IOERR'];

function matchesItself(error: object): boolean {
  const code = 'code' in error && typeof error.code === 'string' ? error.code : undefined;
  if (code !== undefined) {
    if (NETWORK_CODES.has(code) || POSTGRES_CODES.has(code) || code.startsWith('08')) return true;
    if (SQLITE_CODE_PREFIXES.some((prefix) => code.startsWith(prefix))) return true;
  }
  const message = error instanceof Error ? error.message : undefined;
  return message !== undefined && POSTGRES_MESSAGES.some((text) => message.startsWith(text));
}

export function isDatabaseUnavailableError(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  if (matchesItself(error)) return true;
  // Node wraps the attempts on several addresses (localhost: ::1 and 127.0.0.1) in an AggregateError.
  if (error instanceof AggregateError) {
    return error.errors.some((inner) => isDatabaseUnavailableError(inner, depth + 1));
  }
  return 'cause' in error && isDatabaseUnavailableError(error.cause, depth + 1);
}
