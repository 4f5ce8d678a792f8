import {
  type FederationPublishing,
  federationPublishingSchema,
  federationPublishingViewSchema,
} from '@outpost/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { errorResponses } from '../../lib/error-responses';
import { requirePermission } from '../../plugins/authorization';
import { requireStepUp } from '../../plugins/step-up';
import { accountsService } from '../accounts';
import { auditService } from '../audit';
import { rotateKey, signingKey } from './federation-keys';
import { readPublishing, syncFeed, writePublishing } from './feed-publisher';
import { feedHeadSeq } from './feed-read';
import type { FederationTables } from './tables';

// The panel's federation card, publishing side (issue 29): whether this site publishes, which
// kinds, which reasons under which category; its key's fingerprint; a key rotation.

const errors = errorResponses(400, 401, 403);

export const publishingRoutes: FastifyPluginAsyncZod<{ db: Kysely<FederationTables> }> = async (app, { db }) => {
  const guard = [requirePermission('panel.settings')];
  const view = async (publishing?: FederationPublishing) => {
    const [settings, key, published] = await Promise.all([
      publishing ?? readPublishing(db),
      signingKey(db),
      feedHeadSeq(db),
    ]);
    return { ...settings, fingerprint: key.fingerprint, publicKey: key.publicKey, published };
  };

  app.get(
    '/panel/federation/publishing',
    {
      preHandler: guard,
      schema: { tags: ['federation'], response: { 200: federationPublishingViewSchema, ...errors } },
    },
    async () => view(),
  );

  app.put(
    '/panel/federation/publishing',
    {
      preHandler: [...guard, requireStepUp],
      schema: {
        tags: ['federation'],
        description:
          'Sets what this site publishes: on or off, the kinds (ban, mute, gag, silence) and the rules mapping ' +
          'reasons (a glob, any case) onto categories. Restrictions no longer covered are lifted from the feed.',
        body: federationPublishingSchema,
        response: { 200: federationPublishingViewSchema, ...errors },
      },
    },
    async (request) => {
      const before = await readPublishing(db);
      const after: FederationPublishing = { ...request.body, kinds: [...new Set(request.body.kinds)] };
      await writePublishing(db, after);
      const actor = await accountsService.actorOf(db, request);
      await auditService.writeChange(db, actor, {
        message: 'changed what the federation feed publishes',
        before: { ...before },
        after: { ...after },
      });
      await syncFeed(db, app.config.PUBLIC_URL);
      return view(after);
    },
  );

  app.post(
    '/panel/federation/key',
    {
      preHandler: [...guard, requireStepUp],
      schema: {
        tags: ['federation'],
        description:
          "Replaces this site's signing key and re-signs the feed with it. Subscribers refuse the feed until " +
          'their owners pin the new fingerprint.',
        response: { 200: federationPublishingViewSchema, ...errors },
      },
    },
    async (request) => {
      const key = await rotateKey(db);
      const actor = await accountsService.actorOf(db, request);
      await auditService.writeAudit(db, {
        client: actor.id,
        clientName: actor.name,
        message: `replaced the federation key (new fingerprint ${key.fingerprint})`,
      });
      return view();
    },
  );
};
