import type { Kysely } from 'kysely';

// Limits per role (issue 25 item 4): the longest ban and the longest comm block (mute, gag,
// silence) a role's holders may give, in seconds (null = no limit, permanent included);
// with a limit set, whether they may still give a permanent one; and whether they may lift
// bans other admins gave. Every existing role keeps today's powers: no limit, may lift.
// One column per statement: SQLite's ALTER TABLE adds one at a time.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('roles').addColumn('ban_max_seconds', 'bigint').execute();
  await db.schema.alterTable('roles').addColumn('comm_max_seconds', 'bigint').execute();
  await db.schema
    .alterTable('roles')
    .addColumn('may_give_permanent', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('roles')
    .addColumn('may_lift_others', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['may_lift_others', 'may_give_permanent', 'comm_max_seconds', 'ban_max_seconds']) {
    await db.schema.alterTable('roles').dropColumn(column).execute();
  }
}
