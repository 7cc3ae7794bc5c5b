import type { Kysely } from 'kysely';
import { dialectOf, isOneOf, timestampType } from '../migration-helpers.js';

// The value lists as they were when this migration landed (migrations are frozen).
const CLIENT_LOG_LEVELS = ['error', 'warn', 'info'] as const;

/**
 * Archived feature flags (answered 410 Gone), the portal's own error reports and its analytics events.
 * The two record tables carry no foreign keys on purpose: they are append-only history that must
 * outlive a removed user or merchant, and a report arrives before anyone has signed in.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(dialectOf(db));

  await db.schema.alterTable('feature_flags').addColumn('archived_at', ts).execute();

  await db.schema
    .createTable('client_logs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('level', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    // JSON text; null when the portal sent no context.
    .addColumn('context', 'text')
    .addColumn('request_id', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addCheckConstraint('client_logs_level_check', isOneOf('level', CLIENT_LOG_LEVELS))
    .execute();
  // Read newest first, and pruned by age.
  await db.schema.createIndex('client_logs_created_at_idx').on('client_logs').column('created_at').execute();

  await db.schema
    .createTable('analytics_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    // Null while provider staff have not chosen a merchant.
    .addColumn('merchant_id', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('page', 'text', (c) => c.notNull())
    // JSON text of the event's properties.
    .addColumn('properties', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('analytics_events_merchant_created_idx')
    .on('analytics_events')
    .columns(['merchant_id', 'created_at'])
    .execute();
}
