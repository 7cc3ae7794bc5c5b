import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.js';

/**
 * PostgreSQL's "try the transaction again" answers: a serialization failure (what a serializable
 * engine, such as a PostgreSQL-compatible distributed one, raises where two transactions overlap) and
 * a deadlock (two writers locking the same rows in opposite orders; one of them is cancelled).
 */
const RETRIED_SQLSTATES = new Set(['40001', '40P01']);

/** Tries in all, the first included: a conflict that persists past them is the caller's 500. */
export const TRANSACTION_ATTEMPTS = 3;
/** The pause before a retry is up to this many milliseconds times the attempt, at random. */
const RETRY_PAUSE_MS = 20;

/** Whether the database cancelled the transaction only because another one overlapped it. */
function isRetriableConflict(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    typeof error.code === 'string' &&
    RETRIED_SQLSTATES.has(error.code)
  );
}

function isTransaction(db: Kysely<Database>): db is Transaction<Database> {
  return db.isTransaction;
}

/**
 * Runs `work` in a database transaction: the caller's, when `db` already is one (so that a service
 * called inside a wider transaction, such as an idempotent request's, commits or rolls back with it),
 * or a new one. Kysely cannot open a transaction inside a transaction, so services go through this.
 *
 * A transaction of its own that PostgreSQL cancels for a serialization conflict or a deadlock is run
 * again from the start, up to TRANSACTION_ATTEMPTS times in all, after a short random pause that keeps
 * the two from meeting again. `work` must therefore do nothing outside the transaction that cannot be
 * done twice (mail is sent after the commit, never from inside). Inside the caller's transaction nothing
 * is retried here: the conflict cancelled the caller's transaction, which is the one to run again.
 */
export async function withTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  if (isTransaction(db)) return work(db);
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      if (attempt >= TRANSACTION_ATTEMPTS || !isRetriableConflict(error)) throw error;
      await sleep(Math.random() * RETRY_PAUSE_MS * attempt);
    }
  }
}
