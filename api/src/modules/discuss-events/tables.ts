import type { Generated } from 'kysely';
import type { EventsTables } from './events';

// Row types of the tables the discuss-events module owns: discussions (migration
// 2026-11-22-1301) and events. db/schema.ts composes DiscussEventsTables into Database.

export interface DiscussionThreadsTable {
  id: Generated<number>;
  title: string;
  /** Markdown source. */
  body: string;
  category: string;
  author_id: string | null;
  author_name: string | null;
  created_at: number;
  edited_at: number | null;
  last_activity_at: number;
  /** The id of the newest reply, 0 before the first (read state compares against it). */
  activity_seq: number;
  reply_count: number;
  is_open: number;
  is_pinned: number;
  deleted_at: number | null;
  deleted_by: string | null;
}

export interface DiscussionRepliesTable {
  id: Generated<number>;
  thread_id: number;
  body: string;
  author_id: string | null;
  author_name: string | null;
  created_at: number;
  edited_at: number | null;
  deleted_at: number | null;
  deleted_by: string | null;
}

export interface DiscussionReadsTable {
  user_id: string;
  thread_id: number;
  /** The thread's activity_seq when this user last opened it. */
  seen_seq: number;
  read_at: number;
}

/** Who a post (thread body: reply_id 0; or a reply) has notified of a mention (migration 2026-11-23-1380). */
export interface DiscussionMentionsTable {
  thread_id: number;
  reply_id: number;
  user_id: string;
  notified_at: number;
}

export interface DiscussEventsTables extends EventsTables {
  discussion_threads: DiscussionThreadsTable;
  discussion_replies: DiscussionRepliesTable;
  discussion_reads: DiscussionReadsTable;
  discussion_mentions: DiscussionMentionsTable;
}
