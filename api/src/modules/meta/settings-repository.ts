import type { Kysely } from 'kysely';
import { fromJsonColumn, toJsonColumn } from '../../db/json-column';
import { forgetSiteSettings } from './settings-cache';
import type { MetaTables } from './tables';

/** Site settings live as JSON values under string keys. */
export async function readSetting<T>(db: Kysely<MetaTables>, key: string, fallback: T): Promise<T> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return fromJsonColumn(row?.value, fallback);
}

/** Several settings in one query (a hot path's reads): each key's value, or undefined when unset. */
export async function readSettings(db: Kysely<MetaTables>, keys: readonly string[]): Promise<Map<string, unknown>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .selectFrom('settings')
    .select(['key', 'value'])
    .where('key', 'in', [...keys])
    .execute();
  return new Map(rows.map((row) => [row.key, fromJsonColumn<unknown>(row.value, undefined)]));
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
