import type { Kysely } from 'kysely';

// Addon shares (issue 12): shares, the groups that use them, their addons and the
// Steam Workshop download jobs (kept here so a job survives reloads and is visible to all staff).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('shares')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('name', 'varchar(200)', (col) => col.notNull())
    .addColumn('game', 'varchar(16)', (col) => col.notNull())
    .addColumn('quota_bytes', 'bigint')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('share_groups')
    .addColumn('share_id', 'varchar(64)', (col) => col.notNull())
    .addColumn('group_id', 'varchar(64)', (col) => col.notNull())
    .addPrimaryKeyConstraint('share_groups_pk', ['share_id', 'group_id'])
    .execute();

  await db.schema
    .createTable('addons')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('share_id', 'varchar(64)', (col) => col.notNull())
    .addColumn('name', 'varchar(200)', (col) => col.notNull())
    .addColumn('title', 'varchar(500)')
    .addColumn('size', 'bigint', (col) => col.notNull())
    .addColumn('sha256', 'varchar(64)', (col) => col.notNull())
    .addColumn('modified_at', 'bigint', (col) => col.notNull())
    .addColumn('source', 'varchar(16)', (col) => col.notNull())
    .addColumn('workshop_id', 'varchar(32)')
    .addColumn('details', 'text', (col) => col.notNull())
    .addColumn('storage_key', 'varchar(300)', (col) => col.notNull())
    .addColumn('created_by', 'varchar(64)')
    .addUniqueConstraint('addons_share_name_unique', ['share_id', 'name'])
    .execute();
  await db.schema.createIndex('addons_workshop_idx').on('addons').columns(['share_id', 'workshop_id']).execute();

  await db.schema
    .createTable('workshop_jobs')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('share_id', 'varchar(64)', (col) => col.notNull())
    .addColumn('kind', 'varchar(16)', (col) => col.notNull())
    .addColumn('workshop_id', 'varchar(32)', (col) => col.notNull())
    .addColumn('title', 'varchar(500)')
    .addColumn('state', 'varchar(16)', (col) => col.notNull())
    .addColumn('items', 'text', (col) => col.notNull())
    .addColumn('error', 'varchar(1000)')
    .addColumn('created_by', 'varchar(64)')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    // The instance running the job and when it last said so: a job whose runner went quiet
    // is taken over by another instance (or by this one after a restart).
    .addColumn('runner', 'varchar(64)')
    .addColumn('heartbeat_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('workshop_jobs_share_idx')
    .on('workshop_jobs')
    .columns(['share_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('workshop_jobs').execute();
  await db.schema.dropTable('addons').execute();
  await db.schema.dropTable('share_groups').execute();
  await db.schema.dropTable('shares').execute();
}
