import type { Kysely } from 'kysely';
import { dialectOf, isOneOf, timestampType } from '../migration-helpers.js';

// The purposes as they were when this migration landed (migrations are frozen).
const USER_TOKEN_PURPOSES = ['ACTIVATION', 'RESET'] as const;

/**
 * The single-use links of invitations (`/activate/:activationToken`) and password resets
 * (`/password/reset/:activationToken`). Only a SHA-256 hash of each token is kept: a copy of the
 * database gives no working link. `used_at` is set when the link is used or replaced by a newer one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(dialectOf(db));

  await db.schema
    .createTable('user_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    // Hex SHA-256 of the random token; the token itself exists only in the e-mail.
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', ts, (c) => c.notNull())
    .addColumn('used_at', ts)
    .addColumn('created_at', ts, (c) => c.notNull())
    .addCheckConstraint('user_tokens_purpose_check', isOneOf('purpose', USER_TOKEN_PURPOSES))
    .execute();
  // Replacing a user's open links, and counting the reset e-mails of the last hour (the per-e-mail limit).
  await db.schema
    .createIndex('user_tokens_user_purpose_created_idx')
    .on('user_tokens')
    .columns(['user_id', 'purpose', 'created_at'])
    .execute();
}
