import type { Kysely } from 'kysely';

// Issue 27 item 2: how complete each release's catalogs are per locale (its build's
// catalog-completeness.json, as JSON), for the panel's Remotes page. Null for releases
// published before builds counted them.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('remote_releases').addColumn('catalogs', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('remote_releases').dropColumn('catalogs').execute();
}
