import {
  type FederationWellKnown,
  federationFeedPageSchema,
  federationFeedQuerySchema,
  federationWellKnownSchema,
} from '@outpost/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { errorResponses } from '../../lib/error-responses';
import { signingKey } from './federation-keys';
import { readPublishing } from './feed-publisher';
import { feedHeadSeq, feedPage } from './feed-read';
import type { FederationTables } from './tables';

// The public side of federation (issue 29): the site's well-known document and its feed.
// Both are open to anyone (a subscriber is another site, signed in nowhere): they hold only
// what publishing was opted into, and nothing when it is off.

export async function wellKnown(db: Kysely<FederationTables>, site: string): Promise<FederationWellKnown> {
  const [key, publishing] = await Promise.all([signingKey(db), readPublishing(db)]);
  return {
    version: 1,
    site,
    name: new URL(site).host,
    publicKey: key.publicKey,
    fingerprint: key.fingerprint,
    publishing: publishing.enabled,
    feed: `${site}/api/federation/feed`,
    appeals: `${site}/bans/appeals`,
  };
}

/** GET /.well-known/outpost-federation.json (outside /api: registered beside the docs module's route). */
export const federationWellKnownRoute: FastifyPluginAsyncZod<{ db: Kysely<FederationTables> }> = async (
  app,
  { db },
) => {
  app.get(
    '/.well-known/outpost-federation.json',
    {
      schema: {
        tags: ['federation'],
        description: "This site's federation key (compare the fingerprint out of band before subscribing) and feed.",
        response: { 200: federationWellKnownSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return wellKnown(db, app.config.PUBLIC_URL);
    },
  );
};

export const feedRoutes: FastifyPluginAsyncZod<{ db: Kysely<FederationTables> }> = async (app, { db }) => {
  app.get(
    '/federation/feed',
    {
      schema: {
        tags: ['federation'],
        description:
          'The signed feed of restrictions this site publishes, after `since` (a seq; 0 from the start), oldest ' +
          'first, at most `limit` (1 to 1000). Answers 304 to an If-None-Match of the ETag when nothing was added.',
        querystring: federationFeedQuerySchema,
        response: {
          200: federationFeedPageSchema,
          304: z.null().describe('Nothing was added since the page with this ETag'),
          ...errorResponses(400),
        },
      },
    },
    async (request, reply) => {
      const { since, limit } = request.query;
      const [key, head] = await Promise.all([signingKey(db), feedHeadSeq(db)]);
      // The page after `since` changes only when the head or the key (a rotation re-signs) does.
      const etag = `"${key.id}-${head}-${since}-${limit}"`;
      reply.header('etag', etag).header('cache-control', 'no-cache');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send(null);
      const page = await feedPage(db, since, limit);
      const last = page.entries.at(-1);
      return {
        site: app.config.PUBLIC_URL,
        fingerprint: key.fingerprint,
        entries: page.entries,
        next: last && last.seq < page.head ? last.seq : null,
        head: page.head,
      };
    },
  );
};
