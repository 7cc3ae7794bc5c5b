import type { Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import * as initial from './migrations/0001-initial.js';
import * as authKeys from './migrations/0002-auth-keys.js';
import * as identityProvider from './migrations/0003-identity-provider.js';
import * as featureFlagsLogsAnalytics from './migrations/0004-feature-flags-logs-analytics.js';
import * as transactions from './migrations/0005-transactions.js';
import * as auditAndMail from './migrations/0006-audit-and-mail.js';
import * as carts from './migrations/0008-carts.js';
import * as userTokens from './migrations/0009-user-tokens.js';
import * as signInSessions from './migrations/0010-sign-in-sessions.js';
import * as idempotentRequests from './migrations/0012-idempotent-requests.js';
import type { Database } from './schema.js';

/**
 * Every migration, in order, imported rather than found on disk so that the built server in `dist`
 * carries them. Add new ones at the end; never edit or reorder landed ones.
 */
const MIGRATIONS: Readonly<Record<string, Migration>> = {
  '0001-initial': initial,
  '0002-auth-keys': authKeys,
  '0003-identity-provider': identityProvider,
  '0004-feature-flags-logs-analytics': featureFlagsLogsAnalytics,
  '0005-transactions': transactions,
  '0006-audit-and-mail': auditAndMail,
  '0008-carts': carts,
  '0009-user-tokens': userTokens,
  '0010-sign-in-sessions': signInSessions,
  '0012-idempotent-requests': idempotentRequests,
};

const provider: MigrationProvider = {
  getMigrations: () => Promise.resolve({ ...MIGRATIONS }),
};

/**
 * Brings the schema up to date. Safe to run from several instances at once: Kysely's migrator takes a
 * lock (an advisory lock on PostgreSQL) and skips what has already run.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  if (error !== undefined) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName;
    const message = error instanceof Error ? error.message : JSON.stringify(error);
    throw new Error(`Database migration ${failed ?? ''} failed: ${message}`.replace('  ', ' '), {
      cause: error,
    });
  }
}
