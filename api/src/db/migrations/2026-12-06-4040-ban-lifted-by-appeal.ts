import type { Kysely } from 'kysely';

// Issue 27: a ban lifted by accepting an appeal keeps the appeal's id as data, so its unban reason
// ('Appeal #12 accepted: <staff's reason>', stored in English for game servers and exports) is
// drawn in the reader's language.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bans').addColumn('unban_appeal_id', 'bigint').execute();
  await db.schema.alterTable('bans').addColumn('unban_appeal_reason', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bans').dropColumn('unban_appeal_reason').execute();
  await db.schema.alterTable('bans').dropColumn('unban_appeal_id').execute();
}
