import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { enrolmentRoutes } from './enrolment-routes';
import { passkeyRoutes } from './passkey-routes';
import { policyRoutes } from './policy-routes';
import { stepUpRoutes } from './step-up-routes';

/** Issue 31's routes: enrolment (TOTP, passkeys, recovery codes), step-up and the role policy. */
export const secondFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(enrolmentRoutes);
  await app.register(passkeyRoutes);
  await app.register(stepUpRoutes);
  await app.register(policyRoutes);
};
