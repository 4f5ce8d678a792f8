import type { Kysely } from 'kysely';

// Import runs and their progress (issue 24, "a progress bar in the panel"): each run of an
// importer (`pnpm outpost import …`) writes its row here as it goes, so the panel can show
// how far it is, what it skipped and why, and whether it finished or failed. Passing state of
// one run, not the community's data: never exported.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('import_jobs')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    // sourcebans, simpleadmin, amxbans, csv.
    .addColumn('importer', 'varchar(32)', (col) => col.notNull())
    // The source's mapping key ("sourcebans:<database>:<prefix>", "csv:<name>"): never a URL or password.
    .addColumn('source', 'varchar(200)', (col) => col.notNull())
    // running, finished, failed.
    .addColumn('phase', 'varchar(16)', (col) => col.notNull())
    // Rows read of the batched kinds (bans and comm blocks) and how many there are.
    .addColumn('done', 'bigint', (col) => col.notNull())
    .addColumn('total', 'bigint', (col) => col.notNull())
    // JSON: per kind, imported / skipped and the reasons (ImportSummary rows).
    .addColumn('kinds', 'text', (col) => col.notNull())
    .addColumn('error', 'varchar(500)')
    .addColumn('started_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .addColumn('finished_at', 'bigint')
    .execute();
  await db.schema.createIndex('import_jobs_started').on('import_jobs').columns(['started_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('import_jobs').execute();
}
