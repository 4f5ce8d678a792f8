import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { OwnDb } from '../../../db/module-db';
import type { AuthTables } from '../tables';
import { enrolmentRoutes } from './enrolment-routes';
import { passkeyRoutes } from './passkey-routes';
import { policyRoutes } from './policy-routes';
import { stepUpRoutes } from './step-up-routes';

/** Issue 31's routes: enrolment (TOTP, passkeys, recovery codes), step-up and the role policy. */
export const secondFactorRoutes: FastifyPluginAsyncZod<OwnDb<AuthTables>> = async (app, { db }) => {
  await app.register(enrolmentRoutes, { db });
  await app.register(passkeyRoutes, { db });
  await app.register(stepUpRoutes, { db });
  await app.register(policyRoutes, { db });
};
