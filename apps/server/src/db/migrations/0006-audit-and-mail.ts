import type { Kysely } from 'kysely';
import { dialectOf, isOneOf, timestampType } from '../migration-helpers.js';

// The value lists as they were when this migration landed (migrations are frozen).
const AUDIT_ACTOR_TYPES = ['USER', 'CUSTOMER', 'SYSTEM'] as const;
const EMAIL_STATUSES = ['PENDING', 'SENT', 'KEPT', 'FAILED'] as const;

/**
 * The audit log every change writes to, and the e-mail outbox every message goes through.
 * Neither has foreign keys to users: both are history that must outlive a removed user, so the
 * actor's e-mail is copied into each entry.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(dialectOf(db));

  await db.schema
    .createTable('audit_entries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // Null for changes outside any merchant (provider-wide settings).
    .addColumn('merchant_id', 'text')
    .addColumn('actor_type', 'text', (c) => c.notNull())
    .addColumn('actor_user_id', 'text')
    .addColumn('actor_email', 'text')
    .addColumn('actor_role', 'text')
    // What happened, as `<subject>.<verb>`: `transaction.settled`, `cart.created`, `user.removed`.
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('subject_type', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text')
    // JSON text of the changed fields before and after; never secrets.
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('request_id', 'text')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addCheckConstraint('audit_entries_actor_type_check', isOneOf('actor_type', AUDIT_ACTOR_TYPES))
    .execute();
  // The log page reads newest first per merchant, by kind or by user.
  for (const [name, columns] of [
    ['audit_entries_merchant_created_idx', ['merchant_id', 'created_at', 'id']],
    ['audit_entries_merchant_kind_created_idx', ['merchant_id', 'kind', 'created_at']],
    ['audit_entries_merchant_actor_created_idx', ['merchant_id', 'actor_user_id', 'created_at']],
    ['audit_entries_subject_idx', ['subject_type', 'subject_id']],
  ] as const) {
    await db.schema
      .createIndex(name)
      .on('audit_entries')
      .columns([...columns])
      .execute();
  }

  await db.schema
    .createTable('outbound_emails')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('merchant_id', 'text')
    // The message as rendered when it was queued: what was sent is exactly what is shown.
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('html', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('template', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    // What the message is about (`cart`, cart id), so that the cart can show its notifications.
    .addColumn('related_type', 'text')
    .addColumn('related_id', 'text')
    // PENDING until delivered; SENT through SMTP; KEPT in the outbox when no SMTP server is configured;
    // FAILED after the last attempt.
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', ts, (c) => c.notNull())
    // A sender claims a message until this time, so that two instances never send it twice.
    .addColumn('claimed_until', ts)
    .addColumn('last_error', 'text')
    .addColumn('sent_at', ts)
    .addColumn('created_at', ts, (c) => c.notNull())
    .addCheckConstraint('outbound_emails_status_check', isOneOf('status', EMAIL_STATUSES))
    .execute();
  await db.schema
    .createIndex('outbound_emails_status_next_idx')
    .on('outbound_emails')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('outbound_emails_related_idx')
    .on('outbound_emails')
    .columns(['related_type', 'related_id'])
    .execute();
  await db.schema
    .createIndex('outbound_emails_created_idx')
    .on('outbound_emails')
    .columns(['created_at', 'id'])
    .execute();
}
