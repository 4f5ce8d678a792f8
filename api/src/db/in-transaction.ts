import type { Kysely, Transaction } from 'kysely';

/**
 * Runs `work` in one transaction: the caller's when `db` already is one (its commit covers
 * this work too), else a new one. So a row and its audit line commit together or not at all.
 */
export async function inTransaction<DB, T>(
  db: Kysely<DB>,
  work: (trx: Transaction<DB> | Kysely<DB>) => Promise<T>,
): Promise<T> {
  if (db.isTransaction) return work(db);
  return db.transaction().execute(work);
}
