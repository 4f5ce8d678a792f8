import {
  type DiscussionCreate,
  type DiscussionModeration,
  type DiscussionReply,
  type DiscussionThread,
  discussionReplySchema,
  discussionThreadSchema,
} from '@outpost/contracts';
import { type HostApi, queryString, sendJson } from '@outpost/host';

// One fetcher per discussions call. Changes are sent quietly: the page shows the failure
// beside the form (e.g. the rate limit's message) instead of a toast far from it.

export const threadsPath = '/api/discussions';
/** A thread; with `replies`, the detail call's page of replies (a page number, or the page holding a reply). */
export const threadPath = (id: number, replies: { page?: number; reply?: number } = {}) =>
  `/api/discussions/${id}${queryString(replies)}`;
export const repliesPath = (id: number) => `${threadPath(id)}/replies`;

const quiet = { quiet: true };

export const createThread = (host: HostApi, body: DiscussionCreate) =>
  sendJson<DiscussionThread>(host, 'POST', threadsPath, body, discussionThreadSchema, quiet);
export const editThread = (host: HostApi, id: number, body: { title?: string; body?: string }) =>
  sendJson<DiscussionThread>(host, 'PATCH', threadPath(id), body, discussionThreadSchema, quiet);
export const moderateThread = (host: HostApi, id: number, change: DiscussionModeration) =>
  sendJson<DiscussionThread>(host, 'PATCH', `${threadPath(id)}/moderation`, change, discussionThreadSchema);
export const deleteThread = (host: HostApi, id: number) => sendJson(host, 'DELETE', threadPath(id));

export const createReply = (host: HostApi, id: number, body: string) =>
  sendJson<DiscussionReply>(host, 'POST', repliesPath(id), { body }, discussionReplySchema, quiet);
export const editReply = (host: HostApi, id: number, replyId: number, body: string) =>
  sendJson<DiscussionReply>(host, 'PATCH', `${repliesPath(id)}/${replyId}`, { body }, discussionReplySchema, quiet);
export const deleteReply = (host: HostApi, id: number, replyId: number) =>
  sendJson(host, 'DELETE', `${repliesPath(id)}/${replyId}`);

/** The quote a reply's Quote button puts into the reply box: who wrote it, then their text as a blockquote. */
export function quoteOf(reply: { authorName: string | null; body: string }): string {
  const lines = reply.body
    .trim()
    .split('\n')
    .map((line) => `> ${line}`.trimEnd());
  return `> **${reply.authorName ?? 'Someone'}** wrote:\n${lines.join('\n')}\n\n`;
}
