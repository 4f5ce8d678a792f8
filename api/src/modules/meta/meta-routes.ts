import { metaResponseSchema, type Notice, noticeSchema } from '@outpost/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readSetting } from './settings-repository';

const NO_NOTICE: Notice = { enabled: false, text: '', class: 'is-info' };

/** GET /api/meta: what the shell needs before anything else (notice, domain, Steam status). */
export const metaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/meta', { schema: { tags: ['meta'], response: { 200: metaResponseSchema } } }, async () => {
    const stored = await readSetting<unknown>(app.db, 'notice', NO_NOTICE);
    const notice = noticeSchema.safeParse(stored);
    return {
      settings: {
        notice: notice.success ? notice.data : NO_NOTICE,
        domain: new URL(app.config.PUBLIC_URL).host,
      },
      // Replaced by a cached Steam status check once sign-in lands.
      steamAvailable: true,
      siteName: app.config.SITE_NAME,
    };
  });
};
