// Tables the discord module owns (composed into Database in db/schema.ts). Its settings live in
// the meta module's settings table (read and written through metaService), the linked accounts
// in auth's.

/** The staff channel's message per report group or appeal, and the durable queue of its edits (issue 26 item 4). */
export interface DiscordStaffMessagesTable {
  /** 'report:<group id>' or 'appeal:<appeal id>'. */
  subject: string;
  channel_id: string | null;
  message_id: string | null;
  /** Bumped by each change; the message shows the latest when sent_version equals it. */
  version: number;
  sent_version: number;
  attempts: number;
  /** Milliseconds since the epoch. */
  next_attempt_at: number;
  claimed_by: string | null;
  claimed_until: number | null;
  last_error: string | null;
  /** Seconds since the epoch. */
  updated_at: number;
}

export interface DiscordTables {
  discord_staff_messages: DiscordStaffMessagesTable;
}
