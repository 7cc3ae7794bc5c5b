import type { Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { BankAccountsTable, Database } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;
export type BankAccountRow = Selectable<BankAccountsTable>;

export async function insertBankAccount(db: Db, row: Insertable<BankAccountsTable>): Promise<void> {
  await db.insertInto('bank_accounts').values(row).execute();
}

/** The merchant's newest pending request (expired or not); at most one is open at a time. */
export async function findPendingRequest(db: Db, merchantId: string): Promise<BankAccountRow | undefined> {
  return db
    .selectFrom('bank_accounts')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('status', '=', 'PENDING')
    .orderBy('requested_at', 'desc')
    .executeTakeFirst();
}

/**
 * The confirmed account paid into on a merchant-local day: the one with the latest first day on or
 * before it (the latest confirmed of a day, should two share one).
 */
export async function accountInEffectOn(
  db: Db,
  merchantId: string,
  day: string,
): Promise<BankAccountRow | undefined> {
  return db
    .selectFrom('bank_accounts')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('status', '=', 'CONFIRMED')
    .where('effective_from', '<=', day)
    .orderBy('effective_from', 'desc')
    .orderBy('confirmed_at', 'desc')
    .executeTakeFirst();
}

/** The merchant's confirmed accounts, by their first day: which one a day was paid into. */
export async function confirmedAccounts(db: Db, merchantId: string): Promise<BankAccountRow[]> {
  return db
    .selectFrom('bank_accounts')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('status', '=', 'CONFIRMED')
    .orderBy('effective_from')
    .orderBy('confirmed_at')
    .execute();
}

/** The latest confirmed account whose first day is after `day`, if any. */
export async function accountScheduledAfter(
  db: Db,
  merchantId: string,
  day: string,
): Promise<BankAccountRow | undefined> {
  return db
    .selectFrom('bank_accounts')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('status', '=', 'CONFIRMED')
    .where('effective_from', '>', day)
    .orderBy('effective_from', 'desc')
    .orderBy('confirmed_at', 'desc')
    .executeTakeFirst();
}

/** Ends a pending request (confirmed or cancelled) once: false when it was no longer pending. */
export async function closePendingRequest(
  db: Db,
  id: string,
  change: Updateable<BankAccountsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('bank_accounts')
    .set({ ...change, link_token_hash: null })
    .where('id', '=', id)
    .where('status', '=', 'PENDING')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
