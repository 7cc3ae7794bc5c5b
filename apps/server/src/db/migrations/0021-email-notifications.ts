import type { Kysely } from 'kysely';
import { dialectOf, isOneOf, timestampType } from '../migration-helpers.js';

// The events as they were when this migration landed (migrations are frozen). The daily settlement
// summary keeps its recipients in settlement_subscriptions (0016): it has no row here.
const EVENTS = [
  'NEW_TRANSACTION',
  'AUTHORIZATION_EXPIRING',
  'CART_COMPLETED',
  'CART_EXPIRED',
  'REFUND_PROCESSED',
  'USER_INVITED',
] as const;

/**
 * E-mail notifications: the addresses a merchant adds beyond its team, who receives which event's
 * e-mail (by address, lower-cased, as users' e-mails are), and the events a job announces once
 * (an authorization about to expire, a cart that lapsed), claimed in the transaction that queues
 * their e-mails so that several servers send each once. Frozen once landed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(dialectOf(db));

  await db.schema
    .createTable('notification_addresses')
    .addColumn('merchant_id', 'text', (c) => c.notNull().references('merchants.id'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_addresses_pk', ['merchant_id', 'email'])
    .execute();

  await db.schema
    .createTable('notification_subscriptions')
    .addColumn('merchant_id', 'text', (c) => c.notNull().references('merchants.id'))
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_subscriptions_pk', ['merchant_id', 'event', 'email'])
    .addCheckConstraint('notification_subscriptions_event_check', isOneOf('event', EVENTS))
    .execute();

  await db.schema
    .createTable('notification_claims')
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('merchant_id', 'text', (c) => c.notNull().references('merchants.id'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_claims_pk', ['event', 'subject_id'])
    .execute();
}
