import { randomBytes } from 'node:crypto';
import type { Game, Share } from '@outpost/contracts';
import type { Kysely } from 'kysely';
import { serversService } from '../servers';
import type { SharesAddonsTables, SharesTable } from './tables';

/** Ids that are also safe storage key segments: lower-case hex. */
export function newShareItemId(): string {
  return randomBytes(12).toString('hex');
}

export type ShareRow = SharesTable;

export async function findShare(db: Kysely<SharesAddonsTables>, id: string): Promise<ShareRow | undefined> {
  return db.selectFrom('shares').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Every share (or one) with its usage and the server groups that use it. */
export async function listShares(db: Kysely<SharesAddonsTables>, onlyId?: string): Promise<Share[]> {
  let query = db.selectFrom('shares').selectAll().orderBy('name').orderBy('id');
  if (onlyId) query = query.where('id', '=', onlyId);
  const shares = await query.execute();
  if (shares.length === 0) return [];
  const ids = shares.map((share) => share.id);
  const usage = await db
    .selectFrom('addons')
    .select(['share_id'])
    .select((eb) => [eb.fn.sum<number | string>('size').as('used'), eb.fn.countAll<number | string>().as('count')])
    .where('share_id', 'in', ids)
    .groupBy('share_id')
    .execute();
  const links = await db
    .selectFrom('share_groups')
    .select(['share_id', 'group_id'])
    .where('share_id', 'in', ids)
    .execute();
  // Server groups are the servers module's: their names come through its door, by name.
  const named = await serversService.groupsByIds(db, [...new Set(links.map((row) => row.group_id))]);
  const groups = named.flatMap((group) =>
    links.filter((row) => row.group_id === group.id).map((row) => ({ share_id: row.share_id, ...group })),
  );
  return shares.map((share) => {
    const used = usage.find((row) => row.share_id === share.id);
    return {
      id: share.id,
      name: share.name,
      game: share.game as Game,
      quotaBytes: share.quota_bytes === null ? null : Number(share.quota_bytes),
      usedBytes: Number(used?.used ?? 0),
      addonCount: Number(used?.count ?? 0),
      groups: groups.filter((row) => row.share_id === share.id).map((row) => ({ id: row.id, name: row.name })),
      createdAt: Number(share.created_at),
    };
  });
}

/** The ids among `ids` that name no server group. */
export async function unknownGroupIds(db: Kysely<SharesAddonsTables>, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const known = new Set((await serversService.groupsByIds(db, ids)).map((row) => row.id));
  return ids.filter((id) => !known.has(id));
}

export async function insertShare(db: Kysely<SharesAddonsTables>, row: ShareRow): Promise<void> {
  await db.insertInto('shares').values(row).execute();
}

export async function updateShare(
  db: Kysely<SharesAddonsTables>,
  id: string,
  changes: Partial<Pick<ShareRow, 'name' | 'quota_bytes'>>,
): Promise<void> {
  if (Object.keys(changes).length > 0) await db.updateTable('shares').set(changes).where('id', '=', id).execute();
}

export async function setShareGroups(
  db: Kysely<SharesAddonsTables>,
  shareId: string,
  groupIds: string[],
): Promise<void> {
  await db.deleteFrom('share_groups').where('share_id', '=', shareId).execute();
  const unique = [...new Set(groupIds)];
  if (unique.length > 0) {
    await db
      .insertInto('share_groups')
      .values(unique.map((group_id) => ({ share_id: shareId, group_id })))
      .execute();
  }
}

export async function deleteShareRows(db: Kysely<SharesAddonsTables>, id: string): Promise<void> {
  await db.deleteFrom('workshop_jobs').where('share_id', '=', id).execute();
  await db.deleteFrom('addons').where('share_id', '=', id).execute();
  await db.deleteFrom('share_groups').where('share_id', '=', id).execute();
  await db.deleteFrom('shares').where('id', '=', id).execute();
}
