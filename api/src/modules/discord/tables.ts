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

/** Per Outpost role, the Discord role its holders get in the guild (issue 26 item 5). */
export interface DiscordRoleLinksTable {
  role_id: string;
  discord_role_id: string;
}

/** Per holder and Discord role: what they should hold, what Discord was last told; the queue of the changes. */
export interface DiscordRoleSyncTable {
  user_id: string;
  discord_user_id: string;
  discord_role_id: string;
  /** 1 hold it, 0 not. */
  desired: number;
  /** What Discord was last told: 1, 0, or -1 nothing yet. */
  applied: number;
  attempts: number;
  /** Milliseconds since the epoch. */
  next_attempt_at: number;
  claimed_by: string | null;
  claimed_until: number | null;
  last_error: string | null;
}

export interface DiscordTables {
  discord_staff_messages: DiscordStaffMessagesTable;
  discord_role_links: DiscordRoleLinksTable;
  discord_role_sync: DiscordRoleSyncTable;
}
