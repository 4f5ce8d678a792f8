import type { Kysely } from 'kysely';
import type { AccountsTables } from './tables';

export async function findUserById(db: Kysely<AccountsTables>, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The member's own language (issue 27), a LOCALES code checked by the route's schema. */
export async function setLocale(db: Kysely<AccountsTables>, id: string, locale: string): Promise<void> {
  await db.updateTable('users').set({ locale }).where('id', '=', id).execute();
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
