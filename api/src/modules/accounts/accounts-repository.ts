import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export async function findUserById(db: Kysely<Database>, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}
