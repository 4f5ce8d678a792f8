import type { Kysely } from 'kysely';

// Issue 9 item 13: actions taken while impersonating record the real actor beside the
// account they acted as (bans, their lifting, notes, audit rows). Null = not impersonating.

const COLUMNS: Array<[table: string, columns: string[]]> = [
  ['bans', ['admin_real_id', 'admin_real_name', 'unbanned_by_real_id', 'unbanned_by_real_name']],
  ['notes', ['author_real_id', 'author_real_name']],
  ['log_entries', ['client_real_id', 'client_real_name']],
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const [table, columns] of COLUMNS) {
    for (const column of columns) {
      await db.schema.alterTable(table).addColumn(column, 'varchar(100)').execute();
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [table, columns] of COLUMNS) {
    for (const column of columns) await db.schema.alterTable(table).dropColumn(column).execute();
  }
}
