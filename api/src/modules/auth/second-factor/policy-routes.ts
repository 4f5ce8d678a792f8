import { secondFactorPolicySchema } from '@outpost/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { OwnDb } from '../../../db/module-db';
import { errorResponses } from '../../../lib/error-responses';
import { HttpError } from '../../../lib/http-error';
import { requirePermission } from '../../../plugins/authorization';
import { accountsService } from '../../accounts';
import type { AuthTables } from '../tables';
import { auditSecurity, personOf } from './audit-security';
import { hasSecondFactor, readRequiredRoleIds, writeRequiredRoleIds } from './factors';
import { requireStepUp } from './step-up-guard';

const errors = errorResponses(400, 401, 403, 409);

/**
 * The site setting of issue 31 item 3: which roles require a second factor. It is a site
 * setting, so panel.settings and a step-up. Nobody may require a factor of a role they hold
 * without having one: that would withhold their own permissions (the owner cannot lock
 * themselves out this way; `pnpm outpost 2fa-reset` is the way back for a lost factor).
 */
export const policyRoutes: FastifyPluginAsyncZod<OwnDb<AuthTables>> = async (app, { db }) => {
  app.get(
    '/auth/second-factor/policy',
    {
      preHandler: requirePermission('panel.settings'),
      schema: { tags: ['auth'], response: { 200: secondFactorPolicySchema, ...errors } },
    },
    async () => ({ requiredRoleIds: await readRequiredRoleIds(db) }),
  );

  app.put(
    '/auth/second-factor/policy',
    {
      preHandler: [requirePermission('panel.settings'), requireStepUp],
      schema: {
        tags: ['auth'],
        description:
          'Sets the roles whose holders get none of the role’s permissions until they enrol a second factor.',
        body: secondFactorPolicySchema,
        response: { 200: secondFactorPolicySchema, ...errors },
      },
    },
    async (request) => {
      const wanted = [...new Set(request.body.requiredRoleIds)];
      const known = await accountsService.existingRoleIds(db, wanted);
      const unknown = wanted.filter((id) => !known.has(id));
      if (unknown.length > 0) throw new HttpError(400, 'UNKNOWN_ROLE', `No such role: ${unknown.join(', ')}`);
      const person = personOf(request.auth as NonNullable<typeof request.auth>);
      if (!(await hasSecondFactor(db, person))) {
        const own = await accountsService.heldRoles(db, person);
        if (own.some((role) => known.has(role.id))) {
          throw new HttpError(409, 'ENROL_FIRST', 'You hold one of these roles: set up your own second factor first');
        }
      }
      const before = await readRequiredRoleIds(db);
      await writeRequiredRoleIds(db, wanted);
      await auditSecurity(
        request,
        `roles requiring a second factor: before ${JSON.stringify(before)} after ${JSON.stringify(wanted)}`,
      );
      return { requiredRoleIds: wanted };
    },
  );
};
