import type { Kysely } from 'kysely';
import type { AuditTables } from '../src/modules/audit/tables';

// A module's code sees the database through its own tables (issue 23): here the audit
// module's view. Its own log table is fine; `users` belongs to accounts, and the compiler
// must refuse the query. scripts/check-boundaries.test.mjs runs tsc on this file alone
// (tsconfig.json beside it) and expects exactly that one error.

export function auditReadsItsOwnLog(db: Kysely<AuditTables>) {
  return db.selectFrom('log_entries').select('id').execute();
}

export function auditReadsAccountsUsers(db: Kysely<AuditTables>) {
  return db.selectFrom('users').selectAll().execute();
}
