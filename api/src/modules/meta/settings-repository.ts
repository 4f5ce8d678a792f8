import type { Kysely } from 'kysely';
import { fromJsonColumn, toJsonColumn } from '../../db/json-column';
import { forgetSiteSettings } from './settings-cache';
import type { MetaTables } from './tables';

/** Site settings live as JSON values under string keys. */
export async function readSetting<T>(db: Kysely<MetaTables>, key: string, fallback: T): Promise<T> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return fromJsonColumn(row?.value, fallback);
}

export async function writeSetting(db: Kysely<MetaTables>, key: string, value: unknown): Promise<void> {
  const text = toJsonColumn(value);
  await db
    .insertInto('settings')
    .values({ key, value: text })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ value: text }))
    .execute();
  forgetSiteSettings(db);
}

/** Writes the value only when the key holds none yet; true when this call wrote it (a claim). */
export async function insertSettingIfAbsent(db: Kysely<MetaTables>, key: string, value: unknown): Promise<boolean> {
  const inserted = await db
    .insertInto('settings')
    .values({ key, value: toJsonColumn(value) })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .executeTakeFirst();
  const written = Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
  if (written) forgetSiteSettings(db);
  return written;
}
