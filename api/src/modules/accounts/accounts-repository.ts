import type { Kysely } from 'kysely';
import type { AccountsTables } from './tables';

export async function findUserById(db: Kysely<AccountsTables>, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function setBirthday(
  db: Kysely<AccountsTables>,
  id: string,
  birthday: { birthMonth: number | null; birthDate: number | null },
): Promise<void> {
  await db
    .updateTable('users')
    .set({ birth_month: birthday.birthMonth, birth_date: birthday.birthDate })
    .where('id', '=', id)
    .execute();
}
