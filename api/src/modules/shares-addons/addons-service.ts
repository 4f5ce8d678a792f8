import type { Addon, Game } from '@outpost/contracts';
import type { Kysely } from 'kysely';
import { toJsonColumn } from '../../db/json-column';
import { nowSeconds } from '../../lib/clock';
import { HttpError } from '../../lib/http-error';
import { removeQuietly, type StagedFile } from '../../storage/staging';
import type { StorageDriver } from '../../storage/storage-driver';
import type { Actor } from '../accounts';
import { assertAddonFileName } from './addon-file-name';
import {
  deleteAddonRow,
  findAddon,
  findAddonByName,
  insertAddon,
  replaceAddon,
  toAddon,
  usedBytes,
} from './addons-repository';
import { AddonRejectedError, inspectAddon } from './inspect';
import { auditShare } from './shares-audit';
import type { ShareRow } from './shares-repository';
import { newShareItemId } from './shares-repository';
import type { SharesAddonsTables } from './tables';

export interface StoreAddonInput {
  share: ShareRow;
  fileName: string;
  staged: StagedFile;
  source: 'upload' | 'workshop';
  workshopId: string | null;
  actor: Actor;
}

/** Bytes a share may still take for a file named `fileName` (a file of the same name is replaced). */
export async function remainingQuota(
  db: Kysely<SharesAddonsTables>,
  share: ShareRow,
  fileName: string,
): Promise<number> {
  if (share.quota_bytes === null) return Number.POSITIVE_INFINITY;
  const replaced = await findAddonByName(db, share.id, fileName);
  return Number(share.quota_bytes) - (await usedBytes(db, share.id)) + Number(replaced?.size ?? 0);
}

export function quotaExceeded(share: ShareRow): HttpError {
  return new HttpError(
    413,
    'QUOTA_EXCEEDED',
    `The share ${share.name} has no room for this file (quota ${share.quota_bytes} bytes)`,
  );
}

/**
 * The one write path for addon files (uploads and Workshop downloads): the staged file is
 * inspected (type allow-list by content, details, hostile shapes), checked against the quota,
 * moved into storage under a fresh key, then recorded (replacing a file of the same name) and
 * audited. Any refusal removes the staged file: nothing half-done is left anywhere.
 */
export async function storeAddon(
  db: Kysely<SharesAddonsTables>,
  storage: StorageDriver,
  input: StoreAddonInput,
): Promise<Addon> {
  const { share, fileName, staged } = input;
  let key: string | null = null;
  try {
    assertAddonFileName(fileName);
    let details: Awaited<ReturnType<typeof inspectAddon>>;
    try {
      details = await inspectAddon(staged.path, fileName, share.game as Game);
    } catch (error) {
      if (error instanceof AddonRejectedError) {
        throw new HttpError(error.code === 'ADDON_TYPE_NOT_ALLOWED' ? 415 : 422, error.code, error.message);
      }
      throw error;
    }
    if (staged.size > (await remainingQuota(db, share, fileName))) throw quotaExceeded(share);
    key = `shares/${share.id}/${newShareItemId()}`;
    await storage.putFile(staged.path, key, staged);
    const values = {
      title: details.title,
      size: staged.size,
      sha256: staged.sha256,
      modified_at: nowSeconds(),
      source: input.source,
      workshop_id: input.workshopId,
      details: toJsonColumn(details),
      storage_key: key,
      created_by: input.actor.id,
    };
    const storedKey = key;
    const { row, replacedKey } = await db.transaction().execute(async (trx) => {
      const existing = await findAddonByName(trx, share.id, fileName);
      if (existing) {
        await replaceAddon(trx, existing.id, values);
      } else {
        await insertAddon(trx, { id: newShareItemId(), share_id: share.id, name: fileName, ...values });
      }
      const saved = (await findAddonByName(trx, share.id, fileName)) as NonNullable<typeof existing>;
      await auditShare(
        trx,
        input.actor,
        share,
        `${existing ? 'Replaced' : 'Added'} addon ${fileName} (${staged.size} bytes, ${input.source === 'workshop' ? `Workshop item ${input.workshopId}` : 'upload'}) in share ${share.name}`,
      );
      return { row: saved, replacedKey: existing?.storage_key ?? null };
    });
    key = null;
    if (replacedKey && replacedKey !== storedKey) await storage.delete(replacedKey).catch(() => undefined);
    return toAddon(row);
  } finally {
    await removeQuietly(staged.path);
    // The object went up but its row did not: take it down again.
    if (key) await storage.delete(key).catch(() => undefined);
  }
}

export async function deleteAddon(
  db: Kysely<SharesAddonsTables>,
  storage: StorageDriver,
  share: ShareRow,
  addonId: string,
  actor: Actor,
): Promise<void> {
  const row = await findAddon(db, share.id, addonId);
  if (!row) throw new HttpError(404, 'NOT_FOUND', 'This share has no addon with this id');
  await db.transaction().execute(async (trx) => {
    await deleteAddonRow(trx, row.id);
    await auditShare(trx, actor, share, `Deleted addon ${row.name} from share ${share.name}`);
  });
  await storage.delete(row.storage_key);
}
