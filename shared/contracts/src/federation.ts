import { z } from 'zod';

// Federation (issue 29): a site publishes a feed of its community-wide bans and comm blocks,
// each entry signed with the site's Ed25519 key, for other Outpost sites to subscribe to.
// Entries carry the Steam id, kind, reason category, length and times: never an IP address,
// a note, the reason's own words or a staff member's identity.

/** The categories a published entry may carry (the site maps its ban reasons onto them). */
export const FEDERATION_CATEGORIES = {
  cheating: 'Cheating',
  exploiting: 'Exploiting',
  griefing: 'Griefing',
  harassment: 'Harassment',
  'hate-speech': 'Hate speech',
  spam: 'Spam or advertising',
  'ban-evasion': 'Ban evasion',
  other: 'Other',
} as const;
export type FederationCategory = keyof typeof FEDERATION_CATEGORIES;
export const federationCategorySchema = z.enum(
  Object.keys(FEDERATION_CATEGORIES) as [FederationCategory, ...FederationCategory[]],
);

export const federationKindSchema = z.enum(['ban', 'mute', 'gag', 'silence']);
const hashSchema = z.string().regex(/^[0-9a-f]{64}$/);

/**
 * One entry of a feed. `hash` chains it to the entry before (`prev`): sha256 over the site,
 * the previous hash and the entry's fields, so an entry changed, dropped, replayed from
 * another feed or moved breaks the chain. `signature` is the site's Ed25519 signature of
 * `hash`; the last entry's signature vouches for every entry before it.
 */
export const federationEntrySchema = z.object({
  seq: z.number().int().positive(),
  /** The restriction's id at its origin: later entries about it (update, lift) name it again. */
  entryId: z.string().min(1).max(40),
  action: z.enum(['ban', 'update', 'lift']),
  kind: federationKindSchema,
  steamid: z.string().regex(/^\d{17}$/),
  category: federationCategorySchema,
  /** Seconds; null = permanent. */
  length: z.number().int().nonnegative().nullable(),
  createdAt: z.number().int(),
  expiresAt: z.number().int().nullable(),
  liftedAt: z.number().int().nullable(),
  publishedAt: z.number().int(),
  prev: hashSchema,
  hash: hashSchema,
  signature: z.string().regex(/^[A-Za-z0-9_-]{86}$/),
});
export type FederationEntry = z.infer<typeof federationEntrySchema>;

/** GET /api/federation/feed?since=<seq>&limit=<n>: the entries after `since`, oldest first. */
export const federationFeedPageSchema = z.object({
  site: z.string(),
  fingerprint: z.string(),
  entries: z.array(federationEntrySchema),
  /** The `since` of the next page, or null when this page reached the feed's end. */
  next: z.number().int().nullable(),
  /** The newest entry's seq (0 when the feed is empty). */
  head: z.number().int().nonnegative(),
});
export type FederationFeedPage = z.infer<typeof federationFeedPageSchema>;

export const federationFeedQuerySchema = z.object({
  since: z.coerce.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).default(0),
  limit: z.coerce.number().int().min(1).max(1000).default(1000),
});

/** GET /.well-known/outpost-federation.json: who this site is and how to read its feed. */
export const federationWellKnownSchema = z.object({
  version: z.literal(1),
  site: z.string(),
  name: z.string(),
  /** The Ed25519 public key, raw 32 bytes in base64url. */
  publicKey: z.string(),
  /** sha256 of the raw public key, hex in groups of four: what owners compare out of band. */
  fingerprint: z.string(),
  publishing: z.boolean(),
  feed: z.string(),
  /** Where a player banned through the feed appeals: the origin's appeal page. */
  appeals: z.string(),
});
export type FederationWellKnown = z.infer<typeof federationWellKnownSchema>;

/** A rule mapping the site's ban reasons onto a published category: a case-insensitive glob. */
export const federationPublishRuleSchema = z.object({
  pattern: z.string().trim().min(1).max(200),
  category: federationCategorySchema,
});

/** GET/PUT /api/panel/federation/publishing: what this site publishes. */
export const federationPublishingSchema = z
  .object({
    enabled: z.boolean(),
    kinds: z.array(federationKindSchema).max(4),
    /** The first rule whose pattern matches a reason gives its category; a reason no rule matches is not published. */
    rules: z.array(federationPublishRuleSchema).max(100),
  })
  .strict();
export type FederationPublishing = z.infer<typeof federationPublishingSchema>;

export const federationPublishingViewSchema = federationPublishingSchema.extend({
  fingerprint: z.string(),
  publicKey: z.string(),
  /** Entries published so far (the feed's head). */
  published: z.number().int().nonnegative(),
});
export type FederationPublishingView = z.infer<typeof federationPublishingViewSchema>;

// ---- Subscribing (issue 29 item 2): another site's feed, taken on this site's terms. ----

export const federationSubscriptionStateSchema = z.enum(['active', 'paused', 'refused', 'key-changed']);

export const federationSubscriptionSchema = z.object({
  id: z.string(),
  /** The other site's address (its well-known document's `site`). */
  site: z.string(),
  name: z.string(),
  /** The fingerprint the owner pinned (compared out of band with the other site's panel). */
  fingerprint: z.string(),
  categories: z.array(federationCategorySchema),
  /** apply: taken entries become bans at once; review: they wait for staff in the queue. */
  mode: z.enum(['apply', 'review']),
  state: federationSubscriptionStateSchema,
  /** Why the feed was refused or paused, in words for staff; null while all is well. */
  problem: z.string().nullable(),
  /** The last entry taken (its seq), and when the feed was last read. */
  heldSeq: z.number().int().nonnegative(),
  lastPolledAt: z.number().nullable(),
  /** Entries received in the last 24 hours and their usual daily rate (the trust and safety view). */
  receivedLastDay: z.number().int().nonnegative(),
  usualPerDay: z.number().nonnegative(),
  pending: z.number().int().nonnegative(),
  applied: z.number().int().nonnegative(),
  createdAt: z.number(),
});
export type FederationSubscription = z.infer<typeof federationSubscriptionSchema>;

const siteAddressSchema = z
  .string()
  .trim()
  .max(300)
  .url('The address is a web address such as https://bans.example.org')
  .refine((value) => /^https?:\/\//i.test(value), 'The address starts with https:// (or http://)');
const fingerprintSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(
    /^([0-9a-f]{4}:){15}[0-9a-f]{4}$/,
    'The fingerprint is 16 groups of 4 hex digits, as the other panel shows it',
  );

/** POST /api/panel/federation/subscriptions: the address and the fingerprint read from the other site's panel. */
export const federationSubscriptionCreateSchema = z
  .object({
    site: siteAddressSchema,
    fingerprint: fingerprintSchema,
    categories: z.array(federationCategorySchema).min(1).max(8),
    mode: z.enum(['apply', 'review']).default('review'),
  })
  .strict();

/** PATCH /api/panel/federation/subscriptions/{id}: change terms, pin a new fingerprint, pause or resume. */
export const federationSubscriptionChangeSchema = z
  .object({
    fingerprint: fingerprintSchema.optional(),
    categories: z.array(federationCategorySchema).min(1).max(8).optional(),
    mode: z.enum(['apply', 'review']).optional(),
    paused: z.boolean().optional(),
  })
  .strict()
  .refine((value) => Object.keys(value).length > 0, { message: 'Nothing to change' });

export const federationSubscriptionsSchema = z.object({ subscriptions: z.array(federationSubscriptionSchema) });

/** An entry received from a feed, as the review queue and the subscription's page show it. */
export const federationReceivedSchema = z.object({
  subscriptionId: z.string(),
  site: z.string(),
  entryId: z.string(),
  kind: federationKindSchema,
  steamid: z.string(),
  category: federationCategorySchema,
  length: z.number().nullable(),
  createdAt: z.number(),
  expiresAt: z.number().nullable(),
  status: z.enum(['pending', 'applied', 'rejected', 'excepted', 'lifted']),
  /** The local ban made of it, once applied. */
  banId: z.number().nullable(),
  receivedAt: z.number(),
});
export type FederationReceived = z.infer<typeof federationReceivedSchema>;
export const federationReceivedListSchema = z.object({ entries: z.array(federationReceivedSchema) });

/** POST /api/panel/federation/review/{subscriptionId}/{entryId}: staff decide a pending entry. */
export const federationReviewDecisionSchema = z.object({ decision: z.enum(['apply', 'reject']) }).strict();

/** The local exception list: players whose federated bans this site does not apply. */
export const federationExceptionSchema = z.object({
  steamid: z.string(),
  reason: z.string(),
  createdByName: z.string().nullable(),
  createdAt: z.number(),
});
export const federationExceptionsSchema = z.object({ exceptions: z.array(federationExceptionSchema) });
export const federationExceptionCreateSchema = z
  .object({ steamid: z.string().trim().min(1).max(100), reason: z.string().trim().min(1).max(500) })
  .strict();
