import { apiErrorSchema, type LinkName } from '@outpost/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OwnDb } from '../../db/module-db';
import { HttpError } from '../../lib/http-error';
import { metaService } from '../meta';
import type { ServersTables } from './tables';

/** The /links targets: 302 to the URL in site settings, 404 when none is set. */
export const linksRoutes: FastifyPluginAsyncZod<OwnDb<ServersTables>> = async (app, { db }) => {
  const redirectTo = async (name: LinkName) => {
    const url = await metaService.readLinkUrl(db, name);
    if (!url) throw new HttpError(404, 'LINK_NOT_SET', `No ${name} link is configured for this site`);
    return url;
  };
  const schema = { tags: ['servers'], response: { 404: apiErrorSchema } };

  app.get(
    '/links/:name',
    { schema: { ...schema, params: z.object({ name: z.enum(['stats', 'extended-stats', 'steam-group']) }) } },
    async (request, reply) => reply.redirect(await redirectTo(request.params.name), 302),
  );
  app.get('/admins/discord', { schema }, async (_request, reply) => reply.redirect(await redirectTo('discord'), 302));
};
