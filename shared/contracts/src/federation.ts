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
