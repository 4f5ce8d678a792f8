import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
/** Public server overview: groups with servers and their last polled status. Nothing secret. */
export declare const serversRoutes: FastifyPluginAsyncZod;
