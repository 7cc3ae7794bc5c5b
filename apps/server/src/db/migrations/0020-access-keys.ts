import type { Kysely } from 'kysely';
import { dialectOf, isOneOf, timestampType } from '../migration-helpers.js';

// The value lists as they were when this migration landed (migrations are frozen).
const LEVELS = ['none', 'read', 'write'] as const;
const ROLES = ['ADMIN', 'USER', 'READ_ONLY', 'INTERNAL_ADMIN', 'INTERNAL_SUPPORT'] as const;

/**
 * Access keys of the merchant API (issue 14, docs/decisions/0013-merchant-api-keys.md): a merchant's
 * key with its scopes per resource, the SHA-256 of its secret (and of the secret a rotation replaced,
 * with the end of its overlap), its expiry, who created it, its revocation, its last use, and when
 * the expiry warning was queued (once per key). Frozen once landed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(dialectOf(db));
  await db.schema
    .createTable('access_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('merchant_id', 'text', (c) => c.notNull().references('merchants.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('carts_level', 'text', (c) => c.notNull())
    .addColumn('transactions_level', 'text', (c) => c.notNull())
    .addColumn('secret_hash', 'text', (c) => c.notNull())
    .addColumn('previous_secret_hash', 'text')
    .addColumn('previous_secret_valid_until', ts)
    .addColumn('expires_at', ts)
    .addColumn('created_by_user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('created_by_email', 'text', (c) => c.notNull())
    .addColumn('created_by_role', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('rotated_at', ts)
    .addColumn('revoked_at', ts)
    .addColumn('last_used_at', ts)
    .addColumn('last_used_address', 'text')
    .addColumn('expiry_warned_at', ts)
    .addCheckConstraint('access_keys_carts_level_check', isOneOf('carts_level', LEVELS))
    .addCheckConstraint('access_keys_transactions_level_check', isOneOf('transactions_level', LEVELS))
    .addCheckConstraint('access_keys_created_by_role_check', isOneOf('created_by_role', ROLES))
    .execute();
  await db.schema
    .createIndex('access_keys_merchant_idx')
    .on('access_keys')
    .columns(['merchant_id', 'created_at'])
    .execute();
  // The expiry warning job reads the keys that expire soon and were not warned about.
  await db.schema.createIndex('access_keys_expiry_idx').on('access_keys').columns(['expires_at']).execute();
}
