import type { Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider, type MigrationResultSet } from 'kysely/migration';
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
import * as cartDeclined from './migrations/0013-cart-declined.js';
import * as transactionSortIndexes from './migrations/0014-transaction-sort-indexes.js';
import * as applications from './migrations/0015-applications.js';
import * as deposits from './migrations/0016-deposits.js';
import * as insightsRollups from './migrations/0017-insights-rollups.js';
import * as applicationRollups from './migrations/0018-application-rollups.js';
import * as accessKeys from './migrations/0020-access-keys.js';
import * as emailNotifications from './migrations/0021-email-notifications.js';
import * as checkoutDesigns from './migrations/0022-checkout-designs.js';
import * as placementSettings from './migrations/0023-placement-settings.js';
import * as bankAccounts from './migrations/0025-bank-accounts.js';
import * as payoutDayOfMonth31 from './migrations/0026-payout-day-of-month-31.js';
import * as locationDeactivation from './migrations/0028-location-deactivation.js';
import * as locationCodesAndMerchantIds from './migrations/0029-location-codes-and-merchant-ids.js';
import * as transactionSubstringSearch from './migrations/0031-transaction-substring-search.js';
import * as sharedLimitsAndJobLeases from './migrations/0032-shared-limits-and-job-leases.js';
import * as shopperCompletedCheckouts from './migrations/0033-shopper-completed-checkouts.js';
import * as transactionVersions from './migrations/0034-transaction-versions.js';
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
  '0013-cart-declined': cartDeclined,
  '0014-transaction-sort-indexes': transactionSortIndexes,
  '0015-applications': applications,
  '0016-deposits': deposits,
  '0017-insights-rollups': insightsRollups,
  '0018-application-rollups': applicationRollups,
  '0020-access-keys': accessKeys,
  '0021-email-notifications': emailNotifications,
  '0022-checkout-designs': checkoutDesigns,
  '0023-placement-settings': placementSettings,
  '0025-bank-accounts': bankAccounts,
  '0026-payout-day-of-month-31': payoutDayOfMonth31,
  '0028-location-deactivation': locationDeactivation,
  '0029-location-codes-and-merchant-ids': locationCodesAndMerchantIds,
  '0031-transaction-substring-search': transactionSubstringSearch,
  '0032-shared-limits-and-job-leases': sharedLimitsAndJobLeases,
  '0033-shopper-completed-checkouts': shopperCompletedCheckouts,
  '0034-transaction-versions': transactionVersions,
};

const provider: MigrationProvider = {
  getMigrations: () => Promise.resolve({ ...MIGRATIONS }),
};

/**
 * Brings the schema up to date. Safe to run from several instances at once: Kysely's migrator takes a
 * lock (an advisory lock on PostgreSQL) and skips what has already run.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  check(await new Migrator({ db, provider }).migrateToLatest());
}

/** Runs the migrations that come before the named one: a migration's test starts from there. */
export async function migrateToBefore(db: Kysely<Database>, name: string): Promise<void> {
  const names = Object.keys(MIGRATIONS);
  const previous = names[names.indexOf(name) - 1];
  if (previous === undefined) throw new Error(`No migration comes before ${name}`);
  check(await new Migrator({ db, provider }).migrateTo(previous));
}

function check({ error, results }: MigrationResultSet): void {
  if (error !== undefined) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName;
    const message = error instanceof Error ? error.message : JSON.stringify(error);
    throw new Error(`Database migration ${failed ?? ''} failed: ${message}`.replace('  ', ' '), {
      cause: error,
    });
  }
}
