import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
/** GET /api/health: 200 when the database answers, 503 when it does not. */
export declare const healthRoutes: FastifyPluginAsyncZod;
