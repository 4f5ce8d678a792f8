import type { Kysely } from 'kysely';

// Which rows of an outside database (a SourceBans++ install) became which Outpost rows
// (issue 15). A second import run reads this to bring only what is new, and never touches
// a row it already brought.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('import_mappings')
    // The outside database, e.g. "sourcebans:<database>:<prefix>".
    .addColumn('source', 'varchar(200)', (col) => col.notNull())
    // What the row was: server, role, admin, ban, comm, comment...
    .addColumn('kind', 'varchar(32)', (col) => col.notNull())
    .addColumn('source_id', 'bigint', (col) => col.notNull())
    // The Outpost row's id; null when the row was looked at and deliberately not imported.
    .addColumn('target_id', 'varchar(64)')
    .addColumn('imported_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('import_mappings_pk', ['source', 'kind', 'source_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('import_mappings').execute();
}
