import type { Kysely } from 'kysely';
import { dialectOf, isNullOrOneOf, isOneOf, timestampType } from '../migration-helpers.js';

// The value lists as they were when this migration landed (migrations are frozen).
const COUNTRIES = ['US', 'CA'] as const;
const ACCOUNT_TYPES = ['CHECKING', 'SAVINGS'] as const;
const STATUSES = ['PENDING', 'CONFIRMED', 'CANCELLED', 'EXPIRED'] as const;
const CONFIRMED_THROUGH = ['ADMIN', 'LINK'] as const;

/**
 * The merchants' deposit accounts, each first a change request: PENDING until a second administrator,
 * or the requester through the e-mailed link, confirms it (then CONFIRMED, paid into from
 * `effective_from`); else CANCELLED, or EXPIRED unconfirmed. The numbers are sealed (AES-256-GCM with
 * a key derived from KEY_ENCRYPTION_KEY); only the last four digits of the account number are kept in
 * clear. The link's key is kept as its SHA-256 only. Frozen once landed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  const ts = timestampType(dialect);
  const date = dialect === 'postgres' ? 'date' : 'text';

  await db.schema
    .createTable('bank_accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('merchant_id', 'text', (c) => c.notNull().references('merchants.id'))
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('holder_name', 'text', (c) => c.notNull())
    .addColumn('bank_name', 'text', (c) => c.notNull())
    .addColumn('account_type', 'text', (c) => c.notNull())
    // The routing, institution, transit and account numbers, sealed together with the row's id.
    .addColumn('numbers_sealed', 'text', (c) => c.notNull())
    .addColumn('account_last4', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('requested_by_user_id', 'text', (c) => c.references('users.id'))
    .addColumn('requested_by_email', 'text', (c) => c.notNull())
    .addColumn('requested_at', ts, (c) => c.notNull())
    // Hex SHA-256 of the confirmation link's key; the key itself exists only in the e-mail.
    .addColumn('link_token_hash', 'text', (c) => c.unique())
    .addColumn('expires_at', ts, (c) => c.notNull())
    .addColumn('confirmed_by_email', 'text')
    .addColumn('confirmed_through', 'text')
    .addColumn('confirmed_at', ts)
    // The merchant-local day of the first deposit paid into the account.
    .addColumn('effective_from', date)
    .addColumn('cancelled_at', ts)
    .addCheckConstraint('bank_accounts_country_check', isOneOf('country', COUNTRIES))
    .addCheckConstraint('bank_accounts_account_type_check', isOneOf('account_type', ACCOUNT_TYPES))
    .addCheckConstraint('bank_accounts_status_check', isOneOf('status', STATUSES))
    .addCheckConstraint(
      'bank_accounts_confirmed_through_check',
      isNullOrOneOf('confirmed_through', CONFIRMED_THROUGH),
    )
    .execute();
  // The merchant's accounts by status: the pending request, and the confirmed ones by their first day.
  await db.schema
    .createIndex('bank_accounts_merchant_status_idx')
    .on('bank_accounts')
    .columns(['merchant_id', 'status', 'effective_from'])
    .execute();
}
