import type { Kysely, Transaction } from 'kysely';
import type { Database, NotificationClaimsTable, NotificationSubscriptionsTable } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;
type StoredEvent = NotificationSubscriptionsTable['event'];

export async function listAddresses(db: Db, merchantId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('notification_addresses')
    .select('email')
    .where('merchant_id', '=', merchantId)
    .orderBy('email')
    .execute();
  return rows.map((row) => row.email);
}

export async function listSubscriptions(db: Db, merchantId: string) {
  return db
    .selectFrom('notification_subscriptions')
    .select(['event', 'email'])
    .where('merchant_id', '=', merchantId)
    .orderBy('event')
    .orderBy('email')
    .execute();
}

/** The addresses subscribed to one event of the merchant. */
export async function subscribersOf(db: Db, merchantId: string, event: StoredEvent): Promise<string[]> {
  const rows = await db
    .selectFrom('notification_subscriptions')
    .select('email')
    .where('merchant_id', '=', merchantId)
    .where('event', '=', event)
    .orderBy('email')
    .execute();
  return rows.map((row) => row.email);
}

/** The merchants with at least one subscriber to the event: the only ones a job looks at. */
export async function merchantsSubscribedTo(db: Db, event: StoredEvent): Promise<string[]> {
  const rows = await db
    .selectFrom('notification_subscriptions')
    .select('merchant_id')
    .distinct()
    .where('event', '=', event)
    .orderBy('merchant_id')
    .execute();
  return rows.map((row) => row.merchant_id);
}

/** Replaces the merchant's added addresses and subscriptions with these (part of the caller's transaction). */
export async function replaceMatrix(
  db: Transaction<Database>,
  merchantId: string,
  matrix: {
    addresses: readonly string[];
    subscriptions: readonly { event: StoredEvent; email: string }[];
  },
  at: string,
): Promise<void> {
  await db.deleteFrom('notification_subscriptions').where('merchant_id', '=', merchantId).execute();
  await db.deleteFrom('notification_addresses').where('merchant_id', '=', merchantId).execute();
  if (matrix.addresses.length > 0) {
    await db
      .insertInto('notification_addresses')
      .values(matrix.addresses.map((email) => ({ merchant_id: merchantId, email, created_at: at })))
      .execute();
  }
  if (matrix.subscriptions.length > 0) {
    await db
      .insertInto('notification_subscriptions')
      .values(
        matrix.subscriptions.map(({ event, email }) => ({
          merchant_id: merchantId,
          event,
          email,
          created_at: at,
        })),
      )
      .execute();
  }
}

/** Marks an event announced; false when it already was (by this server or another). */
export async function claimNotice(
  db: Transaction<Database>,
  claim: Pick<NotificationClaimsTable, 'event' | 'subject_id' | 'merchant_id'>,
  at: string,
): Promise<boolean> {
  const result = await db
    .insertInto('notification_claims')
    .values({ ...claim, created_at: at })
    .onConflict((conflict) => conflict.columns(['event', 'subject_id']).doNothing())
    .executeTakeFirst();
  return result.numInsertedOrUpdatedRows === 1n;
}
