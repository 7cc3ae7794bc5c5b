import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.js';

function isTransaction(db: Kysely<Database>): db is Transaction<Database> {
  return db.isTransaction;
}

/**
 * Runs `work` in a database transaction: the caller's, when `db` already is one (so that a service
 * called inside a wider transaction, such as an idempotent request's, commits or rolls back with it),
 * or a new one. Kysely cannot open a transaction inside a transaction, so services go through this.
 */
export function withTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return isTransaction(db) ? work(db) : db.transaction().execute(work);
}
