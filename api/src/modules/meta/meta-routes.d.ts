import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
/** GET /api/meta: what the shell needs before anything else (notice, domain, Steam status). */
export declare const metaRoutes: FastifyPluginAsyncZod;
