import type { Kysely } from 'kysely';

// Remote releases (issue 14 section 1): every published build of a remote, which one each
// remote runs, per-session canaries and what browsers report about each release.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('remote_releases')
    .addColumn('remote_id', 'varchar(64)', (col) => col.notNull())
    .addColumn('version', 'varchar(80)', (col) => col.notNull())
    .addColumn('entry', 'varchar(2000)', (col) => col.notNull())
    .addColumn('route_table', 'text', (col) => col.notNull())
    .addColumn('contract_version', 'varchar(32)', (col) => col.notNull())
    .addColumn('shared_versions', 'text', (col) => col.notNull())
    .addColumn('published_by', 'varchar(64)')
    .addColumn('published_by_name', 'varchar(200)', (col) => col.notNull())
    .addColumn('published_at', 'bigint', (col) => col.notNull())
    // Publish order within a remote (several releases can share a second): newest = highest.
    .addColumn('sequence', 'bigint', (col) => col.notNull())
    .addColumn('status', 'varchar(16)', (col) => col.notNull())
    .addColumn('activated_at', 'bigint')
    .addPrimaryKeyConstraint('remote_releases_pk', ['remote_id', 'version'])
    .execute();

  // One row per remote that runs a release. Activation is a compare-and-set on `version`.
  await db.schema
    .createTable('remote_active')
    .addColumn('remote_id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('version', 'varchar(80)', (col) => col.notNull())
    .addColumn('activated_at', 'bigint', (col) => col.notNull())
    .addColumn('activated_by', 'varchar(200)')
    .execute();

  await db.schema
    .createTable('remote_canaries')
    .addColumn('session_id', 'varchar(64)', (col) => col.notNull())
    .addColumn('remote_id', 'varchar(64)', (col) => col.notNull())
    .addColumn('version', 'varchar(80)', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('remote_canaries_pk', ['session_id', 'remote_id'])
    .execute();

  await db.schema
    .createTable('remote_release_health')
    .addColumn('remote_id', 'varchar(64)', (col) => col.notNull())
    .addColumn('version', 'varchar(80)', (col) => col.notNull())
    .addColumn('loads', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('load_failures', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('render_errors', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('last_error', 'varchar(500)')
    .addColumn('last_error_at', 'bigint')
    .addPrimaryKeyConstraint('remote_release_health_pk', ['remote_id', 'version'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['remote_release_health', 'remote_canaries', 'remote_active', 'remote_releases']) {
    await db.schema.dropTable(table).execute();
  }
}
