import { type Kysely, sql } from 'kysely';

// Issue 27: a ban taken from a federation feed keeps the origin's name and the entry's category
// as data, so the lists draw "Cheating (from <site>)" and "Federation: <site>" in the reader's
// language; and, once lifted through the feed, why ('origin': the origin lifted it;
// 'exception': staff here excepted the player, origin_lift_reason saying why). The stored reason,
// admin and unban reason stay English: game servers' kick messages and exports show them. Bans
// taken before this get their name and category from what the subscriber received.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bans').addColumn('origin_name', 'varchar(300)').execute();
  await db.schema.alterTable('bans').addColumn('origin_category', 'varchar(40)').execute();
  await db.schema.alterTable('bans').addColumn('origin_lift', 'varchar(20)').execute();
  await db.schema.alterTable('bans').addColumn('origin_lift_reason', 'text').execute();
  await sql`
    update bans set
      origin_category = (select r.category from federation_received r where r.ban_id = bans.id limit 1),
      origin_name = (
        select s.name from federation_received r
        join federation_subscriptions s on s.id = r.subscription_id
        where r.ban_id = bans.id limit 1
      )
    where origin_site is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bans').dropColumn('origin_lift_reason').execute();
  await db.schema.alterTable('bans').dropColumn('origin_lift').execute();
  await db.schema.alterTable('bans').dropColumn('origin_category').execute();
  await db.schema.alterTable('bans').dropColumn('origin_name').execute();
}
