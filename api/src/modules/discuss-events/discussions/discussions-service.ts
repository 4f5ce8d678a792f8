import {
  type DiscussionCategory,
  type DiscussionModeration,
  type DiscussionReply,
  type DiscussionThread,
  discussionPath,
  hasFlag,
  hasPermission,
  mentionedNames,
} from '@outpost/contracts';
import type { Kysely } from 'kysely';
import { nowSeconds } from '../../../lib/clock';
import { HttpError } from '../../../lib/http-error';
import { type Actor, accountsService } from '../../accounts';
import { auditService } from '../../audit';
import { metaService } from '../../meta';
import { actorWords, notificationsService } from '../../notifications';
import type { DiscussEventsTables } from '../tables';
import { countPostsSince, markRead, oldestPostSince, participantIds } from './threads-repository';

// Writes to discussions. Moderation (close, reopen, pin, move, delete) is audit-logged;
// authors' own writes are not (they are the content itself, with their edit time shown).

const RATE_WINDOW_SECONDS = 60;

/**
 * The anti-abuse gate every post (thread or reply, new or edited) passes: the body is no
 * longer than the maxBodyChars setting, and new posts stay within postsPerMinute.
 */
export async function assertMayPost(
  db: Kysely<DiscussEventsTables>,
  userId: string,
  body: string | undefined,
  options: { isNew: boolean },
): Promise<void> {
  const { discussions: limits } = await metaService.readSiteSettings(db);
  if (body !== undefined && body.length > limits.maxBodyChars) {
    throw new HttpError(
      413,
      'POST_TOO_LONG',
      `A post can be at most ${limits.maxBodyChars} characters; this one has ${body.length}. Shorten it and try again.`,
      { maxBodyChars: limits.maxBodyChars, length: body.length },
    );
  }
  if (!options.isNew) return;
  const since = nowSeconds() - RATE_WINDOW_SECONDS;
  const posted = await countPostsSince(db, userId, since);
  if (posted >= limits.postsPerMinute) {
    const oldest = (await oldestPostSince(db, userId, since)) ?? nowSeconds();
    const retryAfter = Math.max(1, oldest + RATE_WINDOW_SECONDS - nowSeconds());
    throw new HttpError(
      429,
      'POSTING_TOO_FAST',
      `You are posting too fast: at most ${limits.postsPerMinute} posts a minute. Try again in ${retryAfter} s.`,
      { postsPerMinute: limits.postsPerMinute, retryAfter },
    );
  }
}

export async function createThread(
  db: Kysely<DiscussEventsTables>,
  input: { title: string; body: string; category: DiscussionCategory },
  actor: Actor & { id: string },
): Promise<number> {
  const now = nowSeconds();
  const { id } = await db
    .insertInto('discussion_threads')
    .values({
      title: input.title,
      body: input.body,
      category: input.category,
      author_id: actor.id,
      author_name: actor.name,
      created_at: now,
      edited_at: null,
      last_activity_at: now,
      activity_seq: 0,
      reply_count: 0,
      is_open: 1,
      is_pinned: 0,
      deleted_at: null,
      deleted_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const threadId = Number(id);
  // The author has read what they wrote.
  await markRead(db, actor.id, threadId);
  await notifyMentions(
    db,
    mentionedNames(input.body),
    actor,
    { id: threadId, title: input.title },
    new Set([actor.id]),
  );
  return threadId;
}

/** The author's edit; an @name the new body adds notifies that user (once per post, ever). */
export async function editThread(
  db: Kysely<DiscussEventsTables>,
  thread: DiscussionThread,
  changes: { title?: string; body?: string },
  actor: Actor & { id: string },
): Promise<void> {
  await db
    .updateTable('discussion_threads')
    .set({ ...changes, edited_at: nowSeconds() })
    .where('id', '=', thread.id)
    .execute();
  if (changes.body === undefined) return;
  const target = { id: thread.id, title: changes.title ?? thread.title };
  await notifyMentions(db, addedMentions(thread.body, changes.body), actor, target, new Set([actor.id]));
}

export async function createReply(
  db: Kysely<DiscussEventsTables>,
  thread: DiscussionThread,
  body: string,
  actor: Actor & { id: string },
): Promise<number> {
  const now = nowSeconds();
  const replyId = await db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('discussion_replies')
      .values({
        thread_id: thread.id,
        body,
        author_id: actor.id,
        author_name: actor.name,
        created_at: now,
        edited_at: null,
        deleted_at: null,
        deleted_by: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('discussion_threads')
      .set((eb) => ({
        last_activity_at: now,
        activity_seq: Number(id),
        reply_count: eb('reply_count', '+', 1),
      }))
      .where('id', '=', thread.id)
      .execute();
    return Number(id);
  });
  await markRead(db, actor.id, thread.id);

  const target = { id: thread.id, title: thread.title, replyId };
  const mentioned = await notifyMentions(db, mentionedNames(body), actor, target, new Set([actor.id]));
  // Participants hear of the reply once; a mention already told them.
  const participants = (await participantIds(db, thread.id)).filter((id) => id !== actor.id && !mentioned.has(id));
  const recipients = await withDiscussAccess(db, participants);
  await notificationsService.createNotificationForUsers(db, recipients, {
    level: 1,
    words: {
      key: 'notifications.discussion.replied',
      params: { actor: actorWords(actor.name, 'someone'), title: thread.title },
    },
    link: discussionPath(thread.id, thread.title, replyId),
  });
  return replyId;
}

/** The author's edit of a reply; mentions it adds notify as editThread's do. */
export async function editReply(
  db: Kysely<DiscussEventsTables>,
  thread: DiscussionThread,
  reply: DiscussionReply,
  body: string,
  actor: Actor & { id: string },
): Promise<void> {
  await db
    .updateTable('discussion_replies')
    .set({ body, edited_at: nowSeconds() })
    .where('id', '=', reply.id)
    .execute();
  const target = { id: thread.id, title: thread.title, replyId: reply.id };
  await notifyMentions(db, addedMentions(reply.body, body), actor, target, new Set([actor.id]));
}

/** The names `after` mentions that `before` did not: only those are news to anyone. */
function addedMentions(before: string, after: string): string[] {
  const had = new Set(mentionedNames(before));
  return mentionedNames(after).filter((name) => !had.has(name));
}

/** Close or reopen, pin or unpin, move to another category; each change is one audit line. */
export async function moderateThread(
  db: Kysely<DiscussEventsTables>,
  thread: DiscussionThread,
  change: DiscussionModeration,
  actor: Actor,
): Promise<void> {
  const lines: string[] = [];
  if (change.isOpen !== undefined && change.isOpen !== thread.isOpen) lines.push(change.isOpen ? 'reopened' : 'closed');
  if (change.isPinned !== undefined && change.isPinned !== thread.isPinned)
    lines.push(change.isPinned ? 'pinned' : 'unpinned');
  if (change.category !== undefined && change.category !== thread.category)
    lines.push(`moved (from ${thread.category} to ${change.category})`);
  if (lines.length === 0) return;
  await db
    .updateTable('discussion_threads')
    .set({
      ...(change.isOpen !== undefined ? { is_open: change.isOpen ? 1 : 0 } : {}),
      ...(change.isPinned !== undefined ? { is_pinned: change.isPinned ? 1 : 0 } : {}),
      ...(change.category !== undefined ? { category: change.category } : {}),
    })
    .where('id', '=', thread.id)
    .execute();
  for (const line of lines) await audit(db, actor, `${line} discussion #${thread.id} “${thread.title}”`);
}

/** Soft delete: the row stays (deleted_at, deleted_by) and disappears for everyone. */
export async function deleteThread(
  db: Kysely<DiscussEventsTables>,
  thread: DiscussionThread,
  actor: Actor,
): Promise<void> {
  await db
    .updateTable('discussion_threads')
    .set({ deleted_at: nowSeconds(), deleted_by: actor.id })
    .where('id', '=', thread.id)
    .execute();
  await audit(db, actor, `deleted discussion #${thread.id} “${thread.title}”`);
}

export async function deleteReply(
  db: Kysely<DiscussEventsTables>,
  thread: DiscussionThread,
  replyId: number,
  actor: Actor,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('discussion_replies')
      .set({ deleted_at: nowSeconds(), deleted_by: actor.id })
      .where('id', '=', replyId)
      .execute();
    await trx
      .updateTable('discussion_threads')
      .set((eb) => ({ reply_count: eb('reply_count', '-', 1) }))
      .where('id', '=', thread.id)
      .execute();
  });
  await audit(db, actor, `deleted reply #${replyId} in discussion #${thread.id} “${thread.title}”`);
}

function audit(db: Kysely<DiscussEventsTables>, actor: Actor, message: string) {
  return auditService.writeAudit(db, { client: actor.id, clientName: actor.name, message });
}

/** The users among `userIds` who still hold discuss.use (others must not be pointed at threads). */
async function withDiscussAccess(db: Kysely<DiscussEventsTables>, userIds: readonly string[]): Promise<string[]> {
  const allowed: string[] = [];
  for (const userId of userIds) {
    const permissions = await accountsService.loadPermissions(db, userId);
    if (permissions && (hasFlag(permissions.flags, 'z', true) || hasPermission(permissions.codes, 'discuss.use')))
      allowed.push(userId);
  }
  return allowed;
}

/**
 * Notifies the users `names` (the @mentions of a post) name, but not `skip` nor anyone this
 * post has told before (discussion_mentions: a name removed and put back is no news);
 * returns who was notified.
 */
async function notifyMentions(
  db: Kysely<DiscussEventsTables>,
  names: readonly string[],
  actor: Actor,
  target: { id: number; title: string; replyId?: number },
  skip: Set<string>,
): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const ids = (await accountsService.findUserIdsByNames(db, [...names])).filter((id) => !skip.has(id));
  const allowed = await withDiscussAccess(db, ids);
  if (allowed.length === 0) return new Set();
  // Claiming a (post, user) row first makes the notification once-only, also when two
  // edits race: only the insert that wins returns the user.
  const claimed = await db
    .insertInto('discussion_mentions')
    .values(
      allowed.map((userId) => ({
        thread_id: target.id,
        reply_id: target.replyId ?? 0,
        user_id: userId,
        notified_at: nowSeconds(),
      })),
    )
    .onConflict((conflict) => conflict.columns(['thread_id', 'reply_id', 'user_id']).doNothing())
    .returning('user_id')
    .execute();
  const recipients = claimed.map((row) => row.user_id);
  await notificationsService.createNotificationForUsers(db, recipients, {
    level: 1,
    words: {
      key: 'notifications.discussion.mentioned',
      params: { actor: actorWords(actor.name, 'someone'), title: target.title },
    },
    link: discussionPath(target.id, target.title, target.replyId),
  });
  return new Set(recipients);
}
