import { sql, type Kysely } from 'kysely';
import { dialectOf, isNullOrOneOf, isOneOf, timestampType } from '../migration-helpers.js';

// The value lists as they were when this migration landed (migrations are frozen).
const CODE_STATUSES = ['ACTIVE', 'EXPIRED', 'REPLACED', 'REVOKED'] as const;
const CHECK_WINDOWS = ['QUARTER_HOUR', 'DAY'] as const;
const MERCHANT_ID_STATUSES = ['PENDING', 'VALIDATED', 'FAILED'] as const;
const MERCHANT_ID_FAILURES = ['CHECK_DIGIT', 'REGISTERED_ELSEWHERE'] as const;

/**
 * The in-store virtual-card settings: location verification codes (only their keyed hash; at most one
 * ACTIVE per location and no two ACTIVE alike per merchant, kept by partial unique indexes), the
 * public check's attempt counts per location and window (shared by every instance), the acquirer
 * merchant ids with their validation, and the merchant's virtual card (masked number only).
 * Frozen once landed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(dialectOf(db));

  await db.schema
    .createTable('location_verification_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('merchant_id', 'text', (c) => c.notNull().references('merchants.id'))
    .addColumn('location_id', 'text', (c) => c.notNull().references('locations.id'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('expires_at', ts, (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('created_by_email', 'text', (c) => c.notNull())
    .addColumn('ended_at', ts)
    .addCheckConstraint('location_verification_codes_status_check', isOneOf('status', CODE_STATUSES))
    .execute();
  await db.schema
    .createIndex('location_verification_codes_active_location_unique')
    .unique()
    .on('location_verification_codes')
    .column('location_id')
    .where(sql.ref('status'), '=', 'ACTIVE')
    .execute();
  await db.schema
    .createIndex('location_verification_codes_active_code_unique')
    .unique()
    .on('location_verification_codes')
    .columns(['merchant_id', 'code_hash'])
    .where(sql.ref('status'), '=', 'ACTIVE')
    .execute();
  await db.schema
    .createIndex('location_verification_codes_location_idx')
    .on('location_verification_codes')
    .columns(['location_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('verification_check_throttles')
    .addColumn('location_id', 'text', (c) => c.notNull().references('locations.id'))
    .addColumn('window', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('window_started_at', ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('verification_check_throttles_pk', ['location_id', 'window'])
    .addCheckConstraint('verification_check_throttles_window_check', isOneOf('window', CHECK_WINDOWS))
    .execute();

  await db.schema
    .createTable('acquirer_merchant_ids')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('merchant_id', 'text', (c) => c.notNull().references('merchants.id'))
    .addColumn('location_id', 'text', (c) => c.notNull().references('locations.id'))
    .addColumn('acquirer_merchant_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('failure', 'text')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('created_by_email', 'text', (c) => c.notNull())
    .addColumn('validated_at', ts)
    .addColumn('validated_by_email', 'text')
    .addUniqueConstraint('acquirer_merchant_ids_merchant_value_unique', [
      'merchant_id',
      'acquirer_merchant_id',
    ])
    .addCheckConstraint('acquirer_merchant_ids_status_check', isOneOf('status', MERCHANT_ID_STATUSES))
    .addCheckConstraint('acquirer_merchant_ids_failure_check', isNullOrOneOf('failure', MERCHANT_ID_FAILURES))
    .execute();
  // The validation rule looks for the same id at other merchants.
  await db.schema
    .createIndex('acquirer_merchant_ids_value_idx')
    .on('acquirer_merchant_ids')
    .column('acquirer_merchant_id')
    .execute();

  await db.schema
    .createTable('virtual_cards')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('merchant_id', 'text', (c) => c.notNull().unique().references('merchants.id'))
    .addColumn('masked_number', 'text', (c) => c.notNull())
    .addColumn('expiry_month', 'integer', (c) => c.notNull())
    .addColumn('expiry_year', 'integer', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('created_by_email', 'text', (c) => c.notNull())
    .execute();
}
