import { sql, type Kysely } from 'kysely';
import { dialectOf, isNullOrOneOf, isOneOf, timestampType } from '../migration-helpers.js';

// The value lists as they were when this migration landed: migrations are frozen, so a later change to
// an enumeration in the contracts comes with a migration of its own rather than changing this one.
const BRANDS = ['bread', 'rbc'] as const;
const LOCALES = ['en', 'fr-CA'] as const;
const CHANNELS = ['ECOMM', 'INSTORE'] as const;
const CHECKOUT_MODES = ['VirtualCard', 'Redirect', 'Modal'] as const;
const CONFIGURATION_KEYS = ['TYPE', 'NUMPAYMENTS', 'RATE'] as const;
const OWNER_TYPES = ['MERCHANT'] as const;
const PAYOUT_FREQUENCIES = ['DAILY', 'WEEKLY', 'MONTHLY'] as const;
const PRODUCT_TYPES = ['INSTALLMENTS', 'SPLITPAY', 'DEBT_CONSOLIDATION'] as const;
const SETTLEMENT_MODES = ['NET', 'GROSS'] as const;
const USER_STATUSES = ['INVITED', 'ACTIVE', 'DISABLED'] as const;
const CURRENCIES = ['USD', 'CAD'] as const;
const MERCHANT_ROLES = ['ADMIN', 'USER', 'READ_ONLY'] as const;
const PROVIDER_ROLES = ['INTERNAL_ADMIN', 'INTERNAL_SUPPORT'] as const;

/**
 * The entities of the specification (§3) and the users of the built-in identity provider.
 * Frozen once landed: later changes come as new migrations.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(dialectOf(db));

  await db.schema
    .createTable('tenants')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addCheckConstraint('tenants_brand_check', isOneOf('brand', BRANDS))
    .execute();

  await db.schema
    .createTable('merchants')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('legal_name', 'text', (c) => c.notNull())
    .addColumn('contact_email', 'text', (c) => c.notNull())
    .addColumn('contact_phone', 'text', (c) => c.notNull())
    .addColumn('address_line1', 'text', (c) => c.notNull())
    .addColumn('address_line2', 'text')
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('region', 'text', (c) => c.notNull())
    .addColumn('postal_code', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('website', 'text')
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addCheckConstraint('merchants_language_check', isOneOf('language', LOCALES))
    .addCheckConstraint('merchants_currency_check', isOneOf('currency', CURRENCIES))
    .execute();
  await db.schema.createIndex('merchants_tenant_id_idx').on('merchants').column('tenant_id').execute();

  await db.schema
    .createTable('programs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('display_interest_rate_bps', 'integer', (c) => c.notNull())
    .addColumn('checkout_mode', 'text', (c) => c.notNull())
    .addColumn('min_amount', 'bigint', (c) => c.notNull())
    .addColumn('max_amount', 'bigint', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addCheckConstraint('programs_channel_check', isOneOf('channel', CHANNELS))
    .addCheckConstraint('programs_checkout_mode_check', isOneOf('checkout_mode', CHECKOUT_MODES))
    .addCheckConstraint('programs_rate_check', sql`display_interest_rate_bps >= 0`)
    .addCheckConstraint('programs_amounts_check', sql`min_amount >= 0 and max_amount >= min_amount`)
    .execute();
  await db.schema.createIndex('programs_tenant_id_idx').on('programs').column('tenant_id').execute();

  await db.schema
    .createTable('merchant_program_participations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('merchant_id', 'text', (c) => c.notNull().references('merchants.id'))
    .addColumn('program_id', 'text', (c) => c.notNull().references('programs.id'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('deleted_at', ts)
    .execute();
  // Pages of a merchant's participations in a stable order (specification §4: 200 per page).
  await db.schema
    .createIndex('merchant_program_participations_merchant_page_idx')
    .on('merchant_program_participations')
    .columns(['merchant_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('merchant_program_participations_program_id_idx')
    .on('merchant_program_participations')
    .column('program_id')
    .execute();
  // A merchant takes part in a program at most once at a time; ended participations stay as history.
  await db.schema
    .createIndex('merchant_program_participations_active_unique')
    .unique()
    .on('merchant_program_participations')
    .columns(['merchant_id', 'program_id'])
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();

  await db.schema
    .createTable('payment_products')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('program_id', 'text', (c) => c.notNull().references('programs.id'))
    .addColumn('product_type', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addCheckConstraint('payment_products_type_check', isOneOf('product_type', PRODUCT_TYPES))
    .execute();
  await db.schema
    .createIndex('payment_products_program_id_idx')
    .on('payment_products')
    .column('program_id')
    .execute();

  await db.schema
    .createTable('payment_product_configurations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('program_id', 'text', (c) => c.notNull().references('programs.id'))
    .addColumn('payment_product_id', 'text', (c) => c.notNull().references('payment_products.id'))
    .addColumn('config_key', 'text', (c) => c.notNull())
    .addColumn('config_value', 'text', (c) => c.notNull())
    .addColumn('owner_type', 'text')
    .addColumn('owner_id', 'text')
    .addCheckConstraint('payment_product_configurations_key_check', isOneOf('config_key', CONFIGURATION_KEYS))
    .addCheckConstraint(
      'payment_product_configurations_owner_type_check',
      isNullOrOneOf('owner_type', OWNER_TYPES),
    )
    .addCheckConstraint(
      'payment_product_configurations_owner_check',
      sql`(owner_type is null and owner_id is null) or (owner_type is not null and owner_id is not null)`,
    )
    .execute();
  await db.schema
    .createIndex('payment_product_configurations_program_id_idx')
    .on('payment_product_configurations')
    .column('program_id')
    .execute();
  await db.schema
    .createIndex('payment_product_configurations_product_id_idx')
    .on('payment_product_configurations')
    .column('payment_product_id')
    .execute();

  await db.schema
    .createTable('payment_product_enrollments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('merchant_id', 'text', (c) => c.notNull().references('merchants.id'))
    .addColumn('program_id', 'text', (c) => c.notNull().references('programs.id'))
    .addColumn('payment_product_id', 'text', (c) => c.notNull().references('payment_products.id'))
    .addColumn('effective_from', ts, (c) => c.notNull())
    .addColumn('effective_to', ts)
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addCheckConstraint(
      'payment_product_enrollments_dates_check',
      sql`effective_to is null or effective_to > effective_from`,
    )
    .execute();
  await db.schema
    .createIndex('payment_product_enrollments_merchant_program_idx')
    .on('payment_product_enrollments')
    .columns(['merchant_id', 'program_id'])
    .execute();
  await db.schema
    .createIndex('payment_product_enrollments_program_id_idx')
    .on('payment_product_enrollments')
    .column('program_id')
    .execute();
  await db.schema
    .createIndex('payment_product_enrollments_product_id_idx')
    .on('payment_product_enrollments')
    .column('payment_product_id')
    .execute();

  await db.schema
    .createTable('funding_configurations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('merchant_id', 'text', (c) => c.notNull().references('merchants.id'))
    .addColumn('payout_frequency', 'text', (c) => c.notNull())
    .addColumn('payout_weekday', 'integer')
    .addColumn('payout_day_of_month', 'integer')
    .addColumn('settlement_mode', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    // One funding configuration per merchant; the constraint's index also serves the foreign key.
    .addUniqueConstraint('funding_configurations_merchant_unique', ['merchant_id'])
    .addCheckConstraint(
      'funding_configurations_frequency_check',
      isOneOf('payout_frequency', PAYOUT_FREQUENCIES),
    )
    .addCheckConstraint(
      'funding_configurations_settlement_mode_check',
      isOneOf('settlement_mode', SETTLEMENT_MODES),
    )
    // Spelled with `is not null` because a check that comes out null passes.
    .addCheckConstraint(
      'funding_configurations_weekday_check',
      sql`(payout_frequency = 'WEEKLY' and payout_weekday is not null and payout_weekday between 1 and 7)
        or (payout_frequency <> 'WEEKLY' and payout_weekday is null)`,
    )
    .addCheckConstraint(
      'funding_configurations_day_of_month_check',
      sql`(payout_frequency = 'MONTHLY' and payout_day_of_month is not null and payout_day_of_month between 1 and 28)
        or (payout_frequency <> 'MONTHLY' and payout_day_of_month is null)`,
    )
    .execute();

  await db.schema
    .createTable('merchant_values')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('program_id', 'text', (c) => c.notNull().references('programs.id'))
    .addColumn('merchant_id', 'text', (c) => c.notNull().references('merchants.id'))
    .addColumn('value_key', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addUniqueConstraint('merchant_values_program_merchant_key_unique', [
      'program_id',
      'merchant_id',
      'value_key',
    ])
    .execute();
  await db.schema
    .createIndex('merchant_values_merchant_id_idx')
    .on('merchant_values')
    .column('merchant_id')
    .execute();

  await db.schema
    .createTable('feature_flags')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('tag', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addUniqueConstraint('feature_flags_tenant_name_unique', ['tenant_id', 'name'])
    .execute();
  // The bulk evaluation reads a tenant's flags by tag (specification §7).
  await db.schema
    .createIndex('feature_flags_tenant_tag_idx')
    .on('feature_flags')
    .columns(['tenant_id', 'tag'])
    .execute();

  await db.schema
    .createTable('feature_flag_overrides')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('flag_id', 'text', (c) => c.notNull().references('feature_flags.id').onDelete('cascade'))
    .addColumn('merchant_id', 'text', (c) => c.notNull().references('merchants.id'))
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addUniqueConstraint('feature_flag_overrides_flag_merchant_unique', ['flag_id', 'merchant_id'])
    .execute();
  await db.schema
    .createIndex('feature_flag_overrides_merchant_id_idx')
    .on('feature_flag_overrides')
    .column('merchant_id')
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.references('tenants.id'))
    .addColumn('merchant_id', 'text', (c) => c.references('merchants.id'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('failed_sign_ins', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', ts)
    .addColumn('invited_at', ts)
    .addColumn('last_sign_in_at', ts)
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addUniqueConstraint('users_email_unique', ['email'])
    .addCheckConstraint('users_email_lower_case_check', sql`email = lower(email)`)
    .addCheckConstraint('users_role_check', isOneOf('role', [...MERCHANT_ROLES, ...PROVIDER_ROLES]))
    .addCheckConstraint('users_status_check', isOneOf('status', USER_STATUSES))
    .addCheckConstraint('users_failed_sign_ins_check', sql`failed_sign_ins >= 0`)
    // Merchant staff belong to exactly one merchant of a tenant; provider staff to none (PRODUCT.md).
    .addCheckConstraint(
      'users_merchant_check',
      sql`(${isOneOf('role', MERCHANT_ROLES)} and merchant_id is not null and tenant_id is not null)
        or (${isOneOf('role', PROVIDER_ROLES)} and merchant_id is null)`,
    )
    .execute();
  await db.schema.createIndex('users_tenant_id_idx').on('users').column('tenant_id').execute();
  await db.schema.createIndex('users_merchant_id_idx').on('users').column('merchant_id').execute();
}
