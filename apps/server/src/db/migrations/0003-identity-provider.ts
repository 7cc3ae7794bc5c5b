import type { Kysely } from 'kysely';
import { dialectOf, timestampType } from '../migration-helpers.js';

/**
 * The built-in identity provider's state (docs/auth.md): sessions, interactions, grants, authorization
 * codes, refresh tokens and the rest of oidc-provider's models, one table for all of them, so that a
 * restart or another instance carries on where this one stopped. Frozen once landed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(dialectOf(db));

  await db.schema
    .createTable('oidc_models')
    // oidc-provider's model name (Session, Grant, RefreshToken, …); ids are only unique within one.
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    // The provider's payload as JSON text, read back as it was written.
    .addColumn('payload', 'text', (c) => c.notNull())
    // Copies of payload fields the provider looks rows up by.
    .addColumn('grant_id', 'text')
    .addColumn('user_code', 'text')
    .addColumn('uid', 'text')
    // Null: no expiry given. Expired rows are ignored on read and deleted now and then.
    .addColumn('expires_at', ts)
    .addColumn('consumed_at', ts)
    .addPrimaryKeyConstraint('oidc_models_pkey', ['model', 'id'])
    .execute();
  await db.schema.createIndex('oidc_models_grant_id_idx').on('oidc_models').column('grant_id').execute();
  await db.schema.createIndex('oidc_models_uid_idx').on('oidc_models').column('uid').execute();
  await db.schema.createIndex('oidc_models_user_code_idx').on('oidc_models').column('user_code').execute();
  await db.schema.createIndex('oidc_models_expires_at_idx').on('oidc_models').column('expires_at').execute();
}
