import { apiErrorSchema, TOUR_ID_PATTERN, tourSchema } from '@outpost/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readTour } from './docs-build';

export interface DocsModuleOptions {
  /** Folder holding remotes/docs/dist; null when this process serves the API only. */
  webRoot: string | null;
}

/**
 * GET /tutorials/tours/{tour}.json (SPEC 7): the guided tours the docs build publishes, for the
 * shell's tour runner on any page. The path is the SPEC's, so this module registers at the root,
 * not under /api. Unknown or malformed tour ids answer 404 {error, message}.
 */
export const docsModule: FastifyPluginAsyncZod<DocsModuleOptions> = async (app, options) => {
  app.get(
    '/tutorials/tours/:file',
    {
      schema: {
        tags: ['docs'],
        description: 'A guided tour published by the docs remote (content/tours/<id>.yaml).',
        params: z.object({ file: z.string().max(80) }),
        response: { 200: tourSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const id = request.params.file.replace(/\.json$/, '');
      const tour =
        request.params.file.endsWith('.json') && TOUR_ID_PATTERN.test(id) && options.webRoot
          ? readTour(options.webRoot, id)
          : null;
      if (!tour) return reply.status(404).send({ error: 'TOUR_NOT_FOUND', message: `No tour named "${id}"` });
      return reply.header('Cache-Control', 'no-cache').send(tour);
    },
  );
};
