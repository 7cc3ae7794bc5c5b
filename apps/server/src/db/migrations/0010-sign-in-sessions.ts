import { sql, type Kysely } from 'kysely';
import { dialectOf, timestampType } from '../migration-helpers.js';

/**
 * Sessions that end on the server (docs/auth.md, "Sessions"):
 * - `sign_in_sessions`: one row per sign-in at the identity provider; every portal token names its row
 *   (`sid`), and the access check refuses a token whose row has ended (sign-out, password reset).
 * - `oidc_models.account_id`: the user of each provider row, so that a password reset can end that
 *   user's grants, refresh tokens and provider sessions. Existing rows get it from their payload.
 * - `sign_in_throttles`: failed sign-ins per (e-mail, address) and per address, which slow the next
 *   attempt down; they replace the per-account lock (`users.failed_sign_ins`, `users.locked_until`,
 *   no longer used but kept: SQLite cannot drop a column named in a table CHECK without rebuilding it).
 * Frozen once landed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  const ts = timestampType(dialect);

  await db.schema
    .createTable('sign_in_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The provider's name for the sign-in (the built-in provider's grant id); null when it gives none.
    .addColumn('provider_session', 'text')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('ended_at', ts)
    .execute();
  await db.schema
    .createIndex('sign_in_sessions_user_provider_idx')
    .on('sign_in_sessions')
    .columns(['user_id', 'provider_session'])
    .unique()
    .execute();

  await db.schema.alterTable('oidc_models').addColumn('account_id', 'text').execute();
  await db.schema.createIndex('oidc_models_account_id_idx').on('oidc_models').column('account_id').execute();
  const accountIdOfPayload =
    dialect === 'postgres' ? sql`payload::json ->> 'accountId'` : sql`json_extract(payload, '$.accountId')`;
  await sql`update oidc_models set account_id = ${accountIdOfPayload}`.execute(db);

  await db.schema
    .createTable('sign_in_throttles')
    // A hash of what is throttled (the e-mail and address pair, or the address alone).
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('last_failure_at', ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sign_in_throttles_last_failure_at_idx')
    .on('sign_in_throttles')
    .column('last_failure_at')
    .execute();
}
