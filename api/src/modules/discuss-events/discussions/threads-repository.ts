import {
  type DiscussionCategory,
  type DiscussionFilter,
  type DiscussionReply,
  type DiscussionThread,
  discussionSlug,
} from '@outpost/contracts';
import type { Kysely, Selectable } from 'kysely';
import { decodeCursor, encodeCursor, pastKey } from '../../../db/keyset-cursor';
import { nowSeconds } from '../../../lib/clock';
import type { DiscussEventsTables, DiscussionRepliesTable } from '../tables';

// Reads of threads, replies and read state. Deleted rows (deleted_at set) are kept but
// never leave this file: for every caller they do not exist.

/** Threads with the caller's read state joined in (one row per thread). */
function threadsFor(db: Kysely<DiscussEventsTables>, userId: string) {
  return db
    .selectFrom('discussion_threads as t')
    .leftJoin('discussion_reads as r', (join) => join.onRef('r.thread_id', '=', 't.id').on('r.user_id', '=', userId))
    .select([
      't.id',
      't.title',
      't.body',
      't.category',
      't.author_id',
      't.author_name',
      't.created_at',
      't.edited_at',
      't.last_activity_at',
      't.activity_seq',
      't.reply_count',
      't.is_open',
      't.is_pinned',
      'r.seen_seq',
    ])
    .where('t.deleted_at', 'is', null);
}
type ThreadRow = Awaited<ReturnType<ReturnType<typeof threadsFor>['executeTakeFirstOrThrow']>>;

/** Never opened, or new replies since: the one definition of unread (list, filter and count). */
function isUnread(row: { seen_seq: number | null; activity_seq: number }): boolean {
  return row.seen_seq === null || Number(row.seen_seq) < Number(row.activity_seq);
}

function toThread(row: ThreadRow): DiscussionThread {
  return {
    id: Number(row.id),
    title: row.title,
    slug: discussionSlug(row.title),
    body: row.body,
    category: row.category as DiscussionCategory,
    authorId: row.author_id,
    authorName: row.author_name,
    createdAt: Number(row.created_at),
    editedAt: row.edited_at === null ? null : Number(row.edited_at),
    lastActivityAt: Number(row.last_activity_at),
    isOpen: row.is_open === 1,
    isPinned: row.is_pinned === 1,
    replyCount: Number(row.reply_count),
    unread: isUnread(row),
  };
}

export interface ThreadListFilter {
  filter: DiscussionFilter;
  category?: DiscussionCategory;
  cursor?: string;
  limit: number;
}

/** One page of the list: pinned first, then newest activity, then newest thread. */
export async function listThreads(db: Kysely<DiscussEventsTables>, userId: string, filter: ThreadListFilter) {
  let query = threadsFor(db, userId);
  if (filter.category) query = query.where('t.category', '=', filter.category);
  if (filter.filter === 'open') query = query.where('t.is_open', '=', 1);
  if (filter.filter === 'unread')
    query = query.where((eb) => eb.or([eb('r.seen_seq', 'is', null), eb('r.seen_seq', '<', eb.ref('t.activity_seq'))]));
  if (filter.filter === 'mine') {
    // Threads the caller started or replied to.
    const repliedTo = db
      .selectFrom('discussion_replies')
      .select('thread_id')
      .where('author_id', '=', userId)
      .where('deleted_at', 'is', null);
    query = query.where((eb) => eb.or([eb('t.author_id', '=', userId), eb('t.id', 'in', repliedTo)]));
  }
  if (filter.cursor) {
    const [pinned, activity, id] = decodeCursor(filter.cursor, 'nnn') as number[];
    query = query.where(
      pastKey(['t.is_pinned', 't.last_activity_at', 't.id'], '<', [pinned as number, activity as number, id as number]),
    );
  }
  const rows = await query
    .orderBy('t.is_pinned', 'desc')
    .orderBy('t.last_activity_at', 'desc')
    .orderBy('t.id', 'desc')
    .limit(filter.limit + 1)
    .execute();
  const page = rows.slice(0, filter.limit);
  const last = page.at(-1);
  return {
    threads: page.map(toThread),
    nextCursor:
      rows.length > filter.limit && last
        ? encodeCursor([Number(last.is_pinned), Number(last.last_activity_at), Number(last.id)])
        : null,
  };
}

export async function findThread(
  db: Kysely<DiscussEventsTables>,
  userId: string,
  id: number,
): Promise<DiscussionThread | undefined> {
  const row = await threadsFor(db, userId).where('t.id', '=', id).executeTakeFirst();
  return row ? toThread(row) : undefined;
}

/**
 * One page of a thread's replies, oldest first: page `page` (past the end: the last), or the
 * page holding reply `replyId` when it is one of the thread's.
 */
export async function listReplies(
  db: Kysely<DiscussEventsTables>,
  threadId: number,
  want: { page?: number; replyId?: number; size: number },
): Promise<{ replies: DiscussionReply[]; page: number; pages: number; size: number; total: number }> {
  const live = db.selectFrom('discussion_replies').where('thread_id', '=', threadId).where('deleted_at', 'is', null);
  const { n } = await live.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const total = Number(n);
  const pages = Math.max(1, Math.ceil(total / want.size));
  let page = want.page ?? 1;
  if (want.replyId !== undefined && (await findReply(db, threadId, want.replyId))) {
    const before = await live
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('id', '<', want.replyId)
      .executeTakeFirstOrThrow();
    page = Math.floor(Number(before.n) / want.size) + 1;
  }
  page = Math.min(page, pages);
  const rows = await live
    .select(REPLY_COLUMNS)
    .orderBy('id', 'asc')
    .limit(want.size)
    .offset((page - 1) * want.size)
    .execute();
  return { replies: rows.map(toReply), page, pages, size: want.size, total };
}

export async function findReply(
  db: Kysely<DiscussEventsTables>,
  threadId: number,
  replyId: number,
): Promise<DiscussionReply | undefined> {
  const row = await db
    .selectFrom('discussion_replies')
    .select(REPLY_COLUMNS)
    .where('id', '=', replyId)
    .where('thread_id', '=', threadId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row ? toReply(row) : undefined;
}

/** What a reply shows of its row (the deletion columns stay in the database). */
const REPLY_COLUMNS = ['id', 'thread_id', 'body', 'author_id', 'author_name', 'created_at', 'edited_at'] as const;

function toReply(row: Pick<Selectable<DiscussionRepliesTable>, (typeof REPLY_COLUMNS)[number]>): DiscussionReply {
  return {
    id: Number(row.id),
    threadId: Number(row.thread_id),
    body: row.body,
    authorId: row.author_id,
    authorName: row.author_name,
    createdAt: Number(row.created_at),
    editedAt: row.edited_at === null ? null : Number(row.edited_at),
  };
}

/**
 * The first reply `userId` has not seen in a thread they opened before (null: nothing new, or
 * never opened, when all of it is new and the thread starts at its top).
 */
export async function firstUnreadReplyId(
  db: Kysely<DiscussEventsTables>,
  userId: string,
  threadId: number,
): Promise<number | null> {
  const read = await db
    .selectFrom('discussion_reads')
    .select('seen_seq')
    .where('user_id', '=', userId)
    .where('thread_id', '=', threadId)
    .executeTakeFirst();
  if (!read) return null;
  const row = await db
    .selectFrom('discussion_replies')
    .select((eb) => eb.fn.min<number>('id').as('id'))
    .where('thread_id', '=', threadId)
    .where('deleted_at', 'is', null)
    .where('id', '>', Number(read.seen_seq))
    .executeTakeFirst();
  return row?.id === null || row?.id === undefined ? null : Number(row.id);
}

/** The caller has now seen the thread up to its newest reply. */
export async function markRead(db: Kysely<DiscussEventsTables>, userId: string, threadId: number): Promise<void> {
  const thread = await db
    .selectFrom('discussion_threads')
    .select('activity_seq')
    .where('id', '=', threadId)
    .executeTakeFirst();
  if (!thread) return;
  const values = { user_id: userId, thread_id: threadId, seen_seq: Number(thread.activity_seq), read_at: nowSeconds() };
  await db
    .insertInto('discussion_reads')
    .values(values)
    .onConflict((conflict) =>
      conflict.columns(['user_id', 'thread_id']).doUpdateSet({ seen_seq: values.seen_seq, read_at: values.read_at }),
    )
    .execute();
}

/** SPEC 3 openDiscussions: open threads with activity the user has not read. */
export async function countOpenUnread(db: Kysely<DiscussEventsTables>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('discussion_threads as t')
    .leftJoin('discussion_reads as r', (join) => join.onRef('r.thread_id', '=', 't.id').on('r.user_id', '=', userId))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('t.deleted_at', 'is', null)
    .where('t.is_open', '=', 1)
    .where((eb) => eb.or([eb('r.seen_seq', 'is', null), eb('r.seen_seq', '<', eb.ref('t.activity_seq'))]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Everyone who wrote in the thread (its author and repliers), deleted posts aside. */
export async function participantIds(db: Kysely<DiscussEventsTables>, threadId: number): Promise<string[]> {
  const [thread, replies] = await Promise.all([
    db.selectFrom('discussion_threads').select('author_id').where('id', '=', threadId).executeTakeFirst(),
    db
      .selectFrom('discussion_replies')
      .select('author_id')
      .distinct()
      .where('thread_id', '=', threadId)
      .where('deleted_at', 'is', null)
      .execute(),
  ]);
  const ids = [thread?.author_id, ...replies.map((reply) => reply.author_id)];
  return [...new Set(ids.filter((id): id is string => typeof id === 'string'))];
}

/** Threads plus replies the user wrote since `since` (seconds): the rate limit's count. */
export async function countPostsSince(db: Kysely<DiscussEventsTables>, userId: string, since: number): Promise<number> {
  const [threads, replies] = await Promise.all([
    db
      .selectFrom('discussion_threads')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('author_id', '=', userId)
      .where('created_at', '>=', since)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('discussion_replies')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('author_id', '=', userId)
      .where('created_at', '>=', since)
      .executeTakeFirstOrThrow(),
  ]);
  return Number(threads.n) + Number(replies.n);
}

/** The oldest post time within the window, to say when posting works again. */
export async function oldestPostSince(
  db: Kysely<DiscussEventsTables>,
  userId: string,
  since: number,
): Promise<number | null> {
  const [thread, reply] = await Promise.all([
    db
      .selectFrom('discussion_threads')
      .select((eb) => eb.fn.min<number>('created_at').as('t'))
      .where('author_id', '=', userId)
      .where('created_at', '>=', since)
      .executeTakeFirst(),
    db
      .selectFrom('discussion_replies')
      .select((eb) => eb.fn.min<number>('created_at').as('t'))
      .where('author_id', '=', userId)
      .where('created_at', '>=', since)
      .executeTakeFirst(),
  ]);
  const times = [thread?.t, reply?.t].filter((time) => time !== null && time !== undefined).map(Number);
  return times.length ? Math.min(...times) : null;
}
