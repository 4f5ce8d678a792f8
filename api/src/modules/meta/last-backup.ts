import type { Kysely } from 'kysely';
import { readSetting, writeSetting } from './settings-repository';
import type { MetaTables } from './tables';

// The last `pnpm outpost backup` (issue 24): written by the command, shown on the panel's
// health page. A settings row, so every instance sees it; never exported (export-policy).

export const LAST_BACKUP_SETTING = 'backup.last';

export interface LastBackup {
  /** Unix seconds when the snapshot was taken. */
  at: number;
  /** The backup folder on the machine that ran the command. */
  folder: string;
  kind: 'sqlite' | 'pg_dump' | 'export';
  bytes: number;
  seconds: number;
}

export async function readLastBackup(db: Kysely<MetaTables>): Promise<LastBackup | null> {
  const value = await readSetting<LastBackup | null>(db, LAST_BACKUP_SETTING, null);
  return value && typeof value.at === 'number' ? value : null;
}

export async function recordLastBackup(db: Kysely<MetaTables>, backup: LastBackup): Promise<void> {
  await writeSetting(db, LAST_BACKUP_SETTING, backup);
}
