import type { Kysely } from 'kysely';
import { nowSeconds } from '../../lib/clock';
import type { Actor } from '../accounts';
import { auditShare } from './shares-audit';
import { insertShare, newShareItemId, setShareGroups } from './shares-repository';
import type { SharesAddonsTables } from './tables';

/** A new share with its groups, audit-logged, in one transaction; answers its id. */
export async function createShare(
  db: Kysely<SharesAddonsTables>,
  input: { name: string; game: string; quotaBytes?: number | null; groupIds?: string[] },
  actor: Actor,
): Promise<string> {
  const id = newShareItemId();
  await db.transaction().execute(async (trx) => {
    await insertShare(trx, {
      id,
      name: input.name,
      game: input.game,
      quota_bytes: input.quotaBytes ?? null,
      created_at: nowSeconds(),
    });
    await setShareGroups(trx, id, input.groupIds ?? []);
    await auditShare(trx, actor, { id, name: input.name }, `Created share ${input.name} (${input.game})`);
  });
  return id;
}
