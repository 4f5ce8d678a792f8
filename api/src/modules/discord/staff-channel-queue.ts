import { type Kysely, sql } from 'kysely';
import { nowSeconds } from '../../lib/clock';
import type { DiscordTables } from './tables';

// The staff channel's durable queue (issue 26 item 4): one row per report group or appeal.
// A change bumps `version`; a row is due while `sent_version` lags and its wait is over. A
// worker claims a row with one conditional UPDATE (a lease), so however many instances run,
// one message is posted per subject and edits go out one at a time.

type Db = Kysely<DiscordTables>;
const TABLE = 'discord_staff_messages';
export type StaffMessageRow = {
  subject: string;
  channel_id: string | null;
  message_id: string | null;
  version: number;
  attempts: number;
};

/** Something about the subject changed: its message is (re)sent with the latest state. */
export async function markChanged(db: Db, subject: string, nowMs: number): Promise<void> {
  await db
    .insertInto(TABLE)
    .values({
      subject,
      channel_id: null,
      message_id: null,
      version: 1,
      sent_version: 0,
      attempts: 0,
      next_attempt_at: nowMs,
      claimed_by: null,
      claimed_until: null,
      last_error: null,
      updated_at: nowSeconds(),
    })
    .onConflict((conflict) =>
      conflict
        .column('subject')
        .doUpdateSet({ version: sql`${sql.ref(`${TABLE}.version`)} + 1`, updated_at: nowSeconds() }),
    )
    .execute();
}

const pending = sql<boolean>`version > sent_version`;

export async function dueRows(db: Db, nowMs: number, limit: number): Promise<StaffMessageRow[]> {
  const rows = await db
    .selectFrom(TABLE)
    .select(['subject', 'channel_id', 'message_id', 'version', 'attempts'])
    .where(pending)
    .where('next_attempt_at', '<=', nowMs)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', nowMs)]))
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, version: Number(row.version), attempts: Number(row.attempts) }));
}

/** When the next pending row is due (ms), or null. */
export async function nextDueAt(db: Db): Promise<number | null> {
  const row = await db
    .selectFrom(TABLE)
    .select((eb) => eb.fn.min('next_attempt_at').as('at'))
    .where(pending)
    .executeTakeFirst();
  return row?.at === null || row?.at === undefined ? null : Number(row.at);
}

export async function claimRow(
  db: Db,
  subject: string,
  runner: string,
  nowMs: number,
  leaseMs: number,
): Promise<boolean> {
  const result = await db
    .updateTable(TABLE)
    .set({ claimed_by: runner, claimed_until: nowMs + leaseMs })
    .where('subject', '=', subject)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', nowMs)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The claimed row's outcome: sent (up to `sentVersion`), or waiting for another attempt. */
export async function settleRow(
  db: Db,
  subject: string,
  runner: string,
  change: {
    channel_id?: string | null;
    message_id?: string | null;
    sent_version?: number;
    attempts: number;
    next_attempt_at?: number;
    last_error: string | null;
  },
): Promise<void> {
  await db
    .updateTable(TABLE)
    .set({ ...change, last_error: change.last_error?.slice(0, 500) ?? null, claimed_by: null, claimed_until: null })
    .where('subject', '=', subject)
    .where('claimed_by', '=', runner)
    .execute();
}

/** Discord's bucket for the channel is empty: nothing pending goes before `untilMs`. */
export async function restPending(db: Db, untilMs: number): Promise<void> {
  await db
    .updateTable(TABLE)
    .set({ next_attempt_at: untilMs })
    .where(pending)
    .where('next_attempt_at', '<', untilMs)
    .execute();
}

export async function releaseRows(db: Db, runner: string): Promise<void> {
  await db.updateTable(TABLE).set({ claimed_by: null, claimed_until: null }).where('claimed_by', '=', runner).execute();
}
