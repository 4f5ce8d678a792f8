import {
  type DiscussionThread,
  discussionCreateSchema,
  discussionDetailQuerySchema,
  discussionDetailSchema,
  discussionEditSchema,
  discussionIdParamSchema,
  discussionModerationSchema,
  discussionReplyCreateSchema,
  discussionReplyParamSchema,
  discussionReplySchema,
  discussionsListQuerySchema,
  discussionsListResponseSchema,
  discussionThreadSchema,
} from '@outpost/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { OwnDb } from '../../../db/module-db';
import { errorResponses } from '../../../lib/error-responses';
import { HttpError } from '../../../lib/http-error';
import type { Principal } from '../../../lib/principal';
import { principalHas, requirePermission } from '../../../plugins/authorization';
import { accountsService } from '../../accounts';
import { metaService } from '../../meta';
import type { DiscussEventsTables } from '../tables';
import {
  assertMayPost,
  createReply,
  createThread,
  deleteReply,
  deleteThread,
  editReply,
  editThread,
  moderateThread,
} from './discussions-service';
import {
  countOpenUnread,
  findReply,
  findThread,
  firstUnreadReplyId,
  listReplies,
  listThreads,
  markRead,
} from './threads-repository';

const errors = errorResponses(400, 401, 403, 404, 409, 413, 429);
const use = requirePermission('discuss.use');
// Moderators also read and write: both codes are checked, each with its own 403.
const moderate = [use, requirePermission('discuss.moderate')];
const isModerator = (auth: Principal) => principalHas(auth, 'discuss.moderate');

async function threadOr404(db: Kysely<DiscussEventsTables>, auth: Principal, id: number): Promise<DiscussionThread> {
  const thread = await findThread(db, auth.userId, id);
  if (!thread) throw new HttpError(404, 'NOT_FOUND', 'No discussion has this id');
  return thread;
}

async function replyOr404(db: Kysely<DiscussEventsTables>, threadId: number, replyId: number) {
  const reply = await findReply(db, threadId, replyId);
  if (!reply) throw new HttpError(404, 'NOT_FOUND', 'No reply has this id');
  return reply;
}

/** A discussions route's options: its guard, then its schema (with its description, if any) under the discussions tag. */
function route<Guard, Schema extends object>(preHandler: Guard, description: string | null, schema: Schema) {
  return { preHandler, schema: { tags: ['discussions'], ...(description !== null && { description }), ...schema } };
}

function assertOpen(thread: DiscussionThread): void {
  if (!thread.isOpen) throw new HttpError(409, 'THREAD_CLOSED', 'This discussion is closed');
}

/** Only the author changes their post, and only while the thread is open (a moderator reopens it first). */
function assertAuthor(auth: Principal, authorId: string | null): void {
  if (authorId !== auth.userId) throw new HttpError(403, 'FORBIDDEN', 'Only its author can edit this post');
}

/** /api/discussions: threads, replies, read state and moderation. */
export const discussionsRoutes: FastifyPluginAsyncZod<OwnDb<DiscussEventsTables>> = async (app, { db }) => {
  /** The caller and the thread in the path (404 unless it is one the caller may see). */
  const threadOf = async (request: FastifyRequest, id: number) => {
    const auth = request.auth as Principal;
    return { auth, thread: await threadOr404(db, auth, id) };
  };

  /** The signed-in member as the author of what they post (their own id, also while impersonated). */
  const authorOf = async (request: FastifyRequest) => ({
    ...(await accountsService.actorOf(db, request)),
    id: (request.auth as Principal).userId,
  });

  app.get(
    '/discussions',
    route(use, 'Pinned first, then newest activity. filter: all, open, mine (started or replied to), unread.', {
      querystring: discussionsListQuerySchema,
      response: { 200: discussionsListResponseSchema, ...errors },
    }),
    async (request) => {
      const userId = (request.auth as Principal).userId;
      const [page, openDiscussions] = await Promise.all([
        listThreads(db, userId, request.query),
        countOpenUnread(db, userId),
      ]);
      return { ...page, openDiscussions };
    },
  );

  app.post(
    '/discussions',
    route(use, null, {
      body: discussionCreateSchema,
      response: { 201: discussionThreadSchema, ...errors },
    }),
    async (request, reply) => {
      const auth = request.auth as Principal;
      await assertMayPost(db, auth.userId, request.body.body, { isNew: true });
      const id = await createThread(db, request.body, await authorOf(request));
      return reply.status(201).send(await threadOr404(db, auth, id));
    },
  );

  app.get(
    '/discussions/:id',
    route(
      use,
      'The thread and one page of its replies, oldest first: page, or the page holding reply, else the page of the first reply the caller has not seen. Marks the thread read for the caller.',
      {
        params: discussionIdParamSchema,
        querystring: discussionDetailQuerySchema,
        response: { 200: discussionDetailSchema, ...errors },
      },
    ),
    async (request) => {
      const { auth, thread } = await threadOf(request, request.params.id);
      const { page, reply: replyId, limit } = request.query;
      // Read before markRead below: where this visit's news starts.
      const firstUnreadId = await firstUnreadReplyId(db, auth.userId, thread.id);
      // Nothing asked for: open where the news starts, as a returning reader expects.
      const wanted = page === undefined && replyId === undefined ? (firstUnreadId ?? undefined) : replyId;
      const [{ replies, ...replyPage }, settings] = await Promise.all([
        listReplies(db, thread.id, { page, replyId: wanted, size: limit }),
        metaService.readSiteSettings(db),
      ]);
      await markRead(db, auth.userId, thread.id);
      return {
        thread,
        replies,
        replyPage,
        firstUnreadId,
        can: {
          reply: thread.isOpen,
          edit: thread.isOpen && thread.authorId === auth.userId,
          moderate: isModerator(auth),
        },
        viewerId: auth.userId,
        limits: { maxBodyChars: settings.discussions.maxBodyChars },
        // After markRead above: this thread no longer counts.
        openDiscussions: await countOpenUnread(db, auth.userId),
      };
    },
  );

  app.patch(
    '/discussions/:id',
    route(use, 'The author edits the title and/or body (the edit time is shown).', {
      params: discussionIdParamSchema,
      body: discussionEditSchema,
      response: { 200: discussionThreadSchema, ...errors },
    }),
    async (request) => {
      const { auth, thread } = await threadOf(request, request.params.id);
      assertAuthor(auth, thread.authorId);
      assertOpen(thread);
      await assertMayPost(db, auth.userId, request.body.body, { isNew: false });
      await editThread(db, thread, request.body, await authorOf(request));
      return threadOr404(db, auth, thread.id);
    },
  );

  app.patch(
    '/discussions/:id/moderation',
    route(moderate, 'discuss.moderate: close or reopen, pin or unpin, move to another category. Audit-logged.', {
      params: discussionIdParamSchema,
      body: discussionModerationSchema,
      response: { 200: discussionThreadSchema, ...errors },
    }),
    async (request) => {
      const { auth, thread } = await threadOf(request, request.params.id);
      await moderateThread(db, thread, request.body, await accountsService.actorOf(db, request));
      return threadOr404(db, auth, thread.id);
    },
  );

  app.delete(
    '/discussions/:id',
    route(moderate, 'discuss.moderate: hides the thread (kept in the database, audit-logged).', {
      params: discussionIdParamSchema,
      response: { 204: z.null(), ...errors },
    }),
    async (request, reply) => {
      const { thread } = await threadOf(request, request.params.id);
      await deleteThread(db, thread, await accountsService.actorOf(db, request));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/discussions/:id/replies',
    route(use, 'Notifies the thread’s participants and anyone @mentioned.', {
      params: discussionIdParamSchema,
      body: discussionReplyCreateSchema,
      response: { 201: discussionReplySchema, ...errors },
    }),
    async (request, reply) => {
      const { auth, thread } = await threadOf(request, request.params.id);
      assertOpen(thread);
      await assertMayPost(db, auth.userId, request.body.body, { isNew: true });
      const replyId = await createReply(db, thread, request.body.body, await authorOf(request));
      const created = await findReply(db, thread.id, replyId);
      if (!created) throw new HttpError(500, 'INTERNAL_ERROR', 'The reply vanished');
      return reply.status(201).send(created);
    },
  );

  app.patch(
    '/discussions/:id/replies/:replyId',
    route(use, null, {
      params: discussionReplyParamSchema,
      body: discussionReplyCreateSchema,
      response: { 200: discussionReplySchema, ...errors },
    }),
    async (request) => {
      const { auth, thread } = await threadOf(request, request.params.id);
      const existing = await replyOr404(db, thread.id, request.params.replyId);
      assertAuthor(auth, existing.authorId);
      assertOpen(thread);
      await assertMayPost(db, auth.userId, request.body.body, { isNew: false });
      await editReply(db, thread, existing, request.body.body, await authorOf(request));
      return {
        ...existing,
        body: request.body.body,
        editedAt: (await findReply(db, thread.id, existing.id))?.editedAt ?? null,
      };
    },
  );

  app.delete(
    '/discussions/:id/replies/:replyId',
    route(moderate, 'discuss.moderate: hides the reply (kept, audit-logged).', {
      params: discussionReplyParamSchema,
      response: { 204: z.null(), ...errors },
    }),
    async (request, reply) => {
      const { thread } = await threadOf(request, request.params.id);
      const existing = await replyOr404(db, thread.id, request.params.replyId);
      await deleteReply(db, thread, existing.id, await accountsService.actorOf(db, request));
      return reply.status(204).send(null);
    },
  );
};
