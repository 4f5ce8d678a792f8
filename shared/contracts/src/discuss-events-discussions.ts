import { z } from 'zod';

// Discussions (issue 13): threads with a markdown body and replies, at /api/discussions.
// Every call needs discuss.use; closing, reopening, pinning, moving and deleting need
// discuss.moderate. Markdown is stored as written and rendered by the kit's one Markdown
// component (SPEC 5: unsafe link schemes dropped).

/**
 * Boards a thread lives on; "move" puts a thread on another board. A fixed list: boards
 * are few and named in the UI, so they need no table of their own.
 */
export const DISCUSSION_CATEGORIES = {
  general: 'General',
  servers: 'Servers',
  moderation: 'Moderation',
  events: 'Events',
  'off-topic': 'Off-topic',
} as const;
export type DiscussionCategory = keyof typeof DISCUSSION_CATEGORIES;
export const discussionCategorySchema = z.enum(
  Object.keys(DISCUSSION_CATEGORIES) as [DiscussionCategory, ...DiscussionCategory[]],
);

export const MAX_DISCUSSION_TITLE = 150;
/** The hard ceiling; the site setting discussions.maxBodyChars (default below) is usually lower. */
export const MAX_DISCUSSION_BODY_CEILING = 100_000;
export const DEFAULT_DISCUSSION_MAX_BODY = 20_000;
export const DEFAULT_DISCUSSION_POSTS_PER_MINUTE = 5;

/**
 * The title as it appears in the URL: lowercase ASCII words joined by '-', at most 80
 * characters, 'thread' when nothing is left. /discuss/:id/:title? corrects any other slug.
 * 'edit' would be read as the edit page (/discuss/:id/edit), so it becomes 'edit-thread'.
 */
export function discussionSlug(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  if (slug === 'edit') return 'edit-thread';
  return slug || 'thread';
}

/** The path of a thread (and of one reply on it) in the discuss remote. */
export function discussionPath(id: number, title: string, replyId?: number): string {
  return `/discuss/${id}/${discussionSlug(title)}${replyId ? `#reply-${replyId}` : ''}`;
}

const titleSchema = z
  .string()
  .trim()
  .min(1, 'A title is required')
  .max(MAX_DISCUSSION_TITLE, `A title is at most ${MAX_DISCUSSION_TITLE} characters`);
// The site setting decides the real maximum; this only keeps absurd bodies out of the parser.
const bodySchema = z.string().trim().min(1, 'Write something first').max(MAX_DISCUSSION_BODY_CEILING);

export const discussionThreadSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  body: z.string(),
  category: discussionCategorySchema,
  authorId: z.string().nullable(),
  authorName: z.string().nullable(),
  /** Seconds since the epoch. */
  createdAt: z.number(),
  /** Set when the author changed the title or body. */
  editedAt: z.number().nullable(),
  lastActivityAt: z.number(),
  isOpen: z.boolean(),
  isPinned: z.boolean(),
  replyCount: z.number().int(),
  /** Activity (the thread or a reply) the caller has not seen yet. */
  unread: z.boolean(),
});
export type DiscussionThread = z.infer<typeof discussionThreadSchema>;

export const discussionReplySchema = z.object({
  id: z.number().int(),
  threadId: z.number().int(),
  body: z.string(),
  authorId: z.string().nullable(),
  authorName: z.string().nullable(),
  createdAt: z.number(),
  editedAt: z.number().nullable(),
});
export type DiscussionReply = z.infer<typeof discussionReplySchema>;

export const DISCUSSION_FILTERS = ['all', 'open', 'mine', 'unread'] as const;
export type DiscussionFilter = (typeof DISCUSSION_FILTERS)[number];

/** GET /api/discussions: pinned first, then newest activity; keyset pages. */
export const discussionsListQuerySchema = z.object({
  filter: z.enum(DISCUSSION_FILTERS).default('all'),
  category: discussionCategorySchema.optional(),
  cursor: z.string().min(1).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type DiscussionsListQuery = z.input<typeof discussionsListQuerySchema>;
export const discussionsListResponseSchema = z.object({
  threads: z.array(discussionThreadSchema),
  nextCursor: z.string().nullable(),
  /** The caller's openDiscussions now (SPEC 3), so the nav badge follows what they read. */
  openDiscussions: z.number().int(),
});
export type DiscussionsListResponse = z.infer<typeof discussionsListResponseSchema>;

/** Replies a page of a thread shows unless the caller asks for another size. */
export const DISCUSSION_REPLIES_PAGE_SIZE = 30;

/**
 * GET /api/discussions/:id query: which page of replies (numbered from 1; past the end gives
 * the last), or the page that holds one reply (a link to #reply-N), which wins over `page`.
 * With neither, the page of the first reply the caller has not seen yet (else the first).
 */
export const discussionDetailQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).optional(),
  reply: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(DISCUSSION_REPLIES_PAGE_SIZE),
});
export type DiscussionDetailQuery = z.input<typeof discussionDetailQuerySchema>;

/** GET /api/discussions/:id: the thread and one page of its replies, oldest first; marks it read. */
export const discussionDetailSchema = z.object({
  thread: discussionThreadSchema,
  replies: z.array(discussionReplySchema),
  /** Where `replies` sit among all of them: page `page` of `pages`, `size` a page, `total` in all. */
  replyPage: z.object({
    page: z.number().int(),
    pages: z.number().int(),
    size: z.number().int(),
    total: z.number().int(),
  }),
  /**
   * The first reply the caller had not seen before this call (null: nothing new, or a first
   * visit). Without page or reply the call opens the page holding it; the page marks it.
   */
  firstUnreadId: z.number().int().nullable(),
  /** What the caller may do here, so the page shows only the buttons that work. */
  can: z.object({ reply: z.boolean(), edit: z.boolean(), moderate: z.boolean() }),
  /** The caller's user id: their own replies (authorId equal) may be edited while the thread is open. */
  viewerId: z.string(),
  limits: z.object({ maxBodyChars: z.number().int() }),
  /** The caller's openDiscussions once this thread is read (SPEC 3), for the nav badge. */
  openDiscussions: z.number().int(),
});
export type DiscussionDetail = z.infer<typeof discussionDetailSchema>;

export const discussionCreateSchema = z
  .object({ title: titleSchema, body: bodySchema, category: discussionCategorySchema.default('general') })
  .strict();
export type DiscussionCreate = z.input<typeof discussionCreateSchema>;

/** PATCH /api/discussions/:id: the author changes the title and/or body. */
export const discussionEditSchema = z
  .object({ title: titleSchema.optional(), body: bodySchema.optional() })
  .strict()
  .refine((value) => value.title !== undefined || value.body !== undefined, { message: 'Nothing to change' });
export type DiscussionEdit = z.infer<typeof discussionEditSchema>;

/** PATCH /api/discussions/:id/moderation: close or reopen, pin or unpin, move to a category. */
export const discussionModerationSchema = z
  .object({
    isOpen: z.boolean().optional(),
    isPinned: z.boolean().optional(),
    category: discussionCategorySchema.optional(),
  })
  .strict()
  .refine((value) => Object.values(value).some((field) => field !== undefined), { message: 'Nothing to change' });
export type DiscussionModeration = z.infer<typeof discussionModerationSchema>;

export const discussionReplyCreateSchema = z.object({ body: bodySchema }).strict();
export type DiscussionReplyCreate = z.infer<typeof discussionReplyCreateSchema>;

export const discussionIdParamSchema = z.object({
  id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});
export const discussionReplyParamSchema = z.object({
  id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  replyId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});

/** The anti-abuse settings (site settings, changed in the panel). */
export const discussionLimitsSchema = z.object({
  /** Threads plus replies one user may post in any 60 seconds. */
  postsPerMinute: z.number().int().min(1).max(1000),
  /** Longest body of a thread or reply, in characters. */
  maxBodyChars: z.number().int().min(100).max(MAX_DISCUSSION_BODY_CEILING),
});
export type DiscussionLimits = z.infer<typeof discussionLimitsSchema>;

/**
 * `@name` mentions in a body: the names after '@' (letters, digits, '_', '.', '-'), at most
 * 10 distinct ones, lowercased. Not inside code spans or an e-mail address (x@y).
 */
export function mentionedNames(body: string): string[] {
  const withoutCode = body.replace(/```[\s\S]*?```/g, ' ').replace(/`[^`]*`/g, ' ');
  const names = new Set<string>();
  for (const match of withoutCode.matchAll(/(^|[^\p{L}\p{N}_.@-])@([\p{L}\p{N}_.-]{1,64})/gu)) {
    const name = (match[2] as string).replace(/[.-]+$/, '').toLowerCase();
    if (name) names.add(name);
    if (names.size >= 10) break;
  }
  return [...names];
}
