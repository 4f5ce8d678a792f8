import type { Addon, AddonDetails } from '@outpost/contracts';
import type { Kysely } from 'kysely';
import { fromJsonColumn } from '../../db/json-column';
import type { AddonsTable, SharesAddonsTables } from './tables';

export type AddonRow = AddonsTable;

export function toAddon(row: AddonRow): Addon {
  return {
    id: row.id,
    shareId: row.share_id,
    name: row.name,
    title: row.title,
    size: Number(row.size),
    sha256: row.sha256,
    modifiedAt: Number(row.modified_at),
    source: row.source === 'workshop' ? 'workshop' : 'upload',
    workshopId: row.workshop_id,
    details: fromJsonColumn<AddonDetails>(row.details, {
      kind: 'vpk',
      title: null,
      author: null,
      version: null,
      description: null,
      maps: [],
      fileCount: 0,
      metadataFile: null,
      vpkVersion: null,
    }),
  };
}

export async function listAddons(db: Kysely<SharesAddonsTables>, shareId: string): Promise<AddonRow[]> {
  return db.selectFrom('addons').selectAll().where('share_id', '=', shareId).orderBy('name').execute();
}

export async function findAddon(
  db: Kysely<SharesAddonsTables>,
  shareId: string,
  id: string,
): Promise<AddonRow | undefined> {
  return db.selectFrom('addons').selectAll().where('share_id', '=', shareId).where('id', '=', id).executeTakeFirst();
}

export async function findAddonByName(
  db: Kysely<SharesAddonsTables>,
  shareId: string,
  name: string,
): Promise<AddonRow | undefined> {
  return db
    .selectFrom('addons')
    .selectAll()
    .where('share_id', '=', shareId)
    .where('name', '=', name)
    .executeTakeFirst();
}

export async function findAddonByWorkshopId(
  db: Kysely<SharesAddonsTables>,
  shareId: string,
  workshopId: string,
): Promise<AddonRow | undefined> {
  return db
    .selectFrom('addons')
    .selectAll()
    .where('share_id', '=', shareId)
    .where('workshop_id', '=', workshopId)
    .executeTakeFirst();
}

export async function usedBytes(db: Kysely<SharesAddonsTables>, shareId: string): Promise<number> {
  const row = await db
    .selectFrom('addons')
    .select((eb) => eb.fn.sum<number | string>('size').as('used'))
    .where('share_id', '=', shareId)
    .executeTakeFirst();
  return Number(row?.used ?? 0);
}

export async function insertAddon(db: Kysely<SharesAddonsTables>, row: AddonRow): Promise<void> {
  await db.insertInto('addons').values(row).execute();
}

export async function replaceAddon(
  db: Kysely<SharesAddonsTables>,
  id: string,
  row: Omit<AddonRow, 'id' | 'share_id' | 'name'>,
): Promise<void> {
  await db.updateTable('addons').set(row).where('id', '=', id).execute();
}

export async function deleteAddonRow(db: Kysely<SharesAddonsTables>, id: string): Promise<void> {
  await db.deleteFrom('addons').where('id', '=', id).execute();
}
