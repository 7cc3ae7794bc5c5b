import type { DatabaseConfig } from './database.js';

export const DEFAULT_SQLITE_FILE = './data/portal.sqlite';

const SQLITE_PREFIX = 'sqlite:';
const POSTGRES_PROTOCOLS = new Set(['postgres:', 'postgresql:']);
const EXPECTED = `Use sqlite:PATH, postgres://… or postgresql://…, or leave it unset for ${DEFAULT_SQLITE_FILE}.`;

/**
 * The one reading of DATABASE_URL, shared by the server's config and the seed CLI. Error messages
 * never repeat the value: a mistyped URL may still carry a password.
 */
export function parseDatabaseUrl(value: string | undefined): DatabaseConfig {
  const trimmed = value?.trim() ?? '';
  if (trimmed === '') return { kind: 'sqlite', file: DEFAULT_SQLITE_FILE };

  if (trimmed.toLowerCase().startsWith(SQLITE_PREFIX)) {
    // Both `sqlite:data/x.sqlite` and the URL-like `sqlite:///abs/x.sqlite` are in common use.
    const rest = trimmed.slice(SQLITE_PREFIX.length);
    const file = rest.startsWith('//') ? rest.slice(2) : rest;
    if (file === '') throw new Error(`DATABASE_URL names no SQLite file after "sqlite:". ${EXPECTED}`);
    return { kind: 'sqlite', file };
  }

  const scheme = /^([a-z][a-z0-9+.-]*:)/i.exec(trimmed)?.[1]?.toLowerCase();
  if (scheme === undefined) {
    throw new Error(`DATABASE_URL is not a database URL (it has no scheme). ${EXPECTED}`);
  }
  if (!POSTGRES_PROTOCOLS.has(scheme)) {
    throw new Error(`DATABASE_URL has the unsupported scheme "${scheme}". ${EXPECTED}`);
  }
  if (!URL.canParse(trimmed)) {
    throw new Error(`DATABASE_URL is not a valid PostgreSQL URL. ${EXPECTED}`);
  }
  return { kind: 'postgres', url: trimmed };
}

/** host:port/database of a PostgreSQL URL, without the credentials, for messages and logs. */
export function describePostgresUrl(value: string): string {
  const url = new URL(value);
  return `${url.hostname || 'localhost'}:${url.port || '5432'}${url.pathname}`;
}
