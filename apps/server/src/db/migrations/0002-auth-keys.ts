import { sql, type Kysely } from 'kysely';
import { dialectOf, isOneOf, timestampType } from '../migration-helpers.js';

// The key purposes as they were when this migration landed (migrations are frozen).
const KEY_PURPOSES = ['portal-token', 'oidc-signing', 'oidc-cookies'] as const;

/**
 * Keys the server makes once and every instance shares: the portal token's signing key and the built-in
 * identity provider's signing and cookie keys (docs/auth.md). A retired key stays as a row so that a
 * later rotation can still verify what it signed; at most one key per purpose is active.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(dialectOf(db));

  await db.schema
    .createTable('signing_keys')
    .addColumn('kid', 'text', (c) => c.primaryKey())
    .addColumn('purpose', 'text', (c) => c.notNull())
    // A private JWK as JSON for signing keys; a random secret for cookie keys. Never logged.
    .addColumn('material', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('retired_at', ts)
    .addCheckConstraint('signing_keys_purpose_check', isOneOf('purpose', KEY_PURPOSES))
    .execute();
  // Two instances starting together both insert; this index lets exactly one of them win.
  await db.schema
    .createIndex('signing_keys_active_purpose_unique')
    .unique()
    .on('signing_keys')
    .column('purpose')
    .where(sql.ref('retired_at'), 'is', null)
    .execute();
}
