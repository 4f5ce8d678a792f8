// The health module's door: GET /api/health for load balancers and probes.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthRoutes } from './health-routes';

export const healthModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(healthRoutes);
};
