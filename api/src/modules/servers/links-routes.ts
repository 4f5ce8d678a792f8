import { apiErrorSchema, LINK_SETTING_KEYS, type LinkName } from '@outpost/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../lib/http-error';
import { metaService } from '../meta';

/** A stored link is followed only when it is an absolute http(s) URL. */
function safeUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The /links targets: 302 to the URL in site settings, 404 when none is set. */
export const linksRoutes: FastifyPluginAsyncZod = async (app) => {
  const redirectTo = async (name: LinkName) => {
    const url = safeUrl(await metaService.readSetting<unknown>(app.db, LINK_SETTING_KEYS[name], null));
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
