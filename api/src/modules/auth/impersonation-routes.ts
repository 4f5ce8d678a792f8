import { impersonationResponseSchema } from '@outpost/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OwnDb } from '../../db/module-db';
import { errorResponses } from '../../lib/error-responses';
import { HttpError } from '../../lib/http-error';
import type { Principal } from '../../lib/principal';
import { requirePermission, requireSignedIn } from '../../plugins/authorization';
import { accountsService } from '../accounts';
import { auditService } from '../audit';
import { notificationsService } from '../notifications';
import { requireStepUp, withheldRoleIds } from './second-factor';
import { setSessionImpersonation } from './sessions-repository';
import type { AuthTables } from './tables';

const errors = errorResponses(400, 401, 403, 404, 409);

/** Admins act as a user of lower immunity and stop again; both ends go to the audit log. */
export const impersonationRoutes: FastifyPluginAsyncZod<OwnDb<AuthTables>> = async (app, { db }) => {
  const setImpersonating = (sessionId: string, userId: string | null) => setSessionImpersonation(db, sessionId, userId);

  const describeUser = async (userId: string) => {
    // As the web will see them while acting as the user: roles withheld for a missing second factor count for nothing.
    const withheld = await withheldRoleIds(db, userId);
    const [user, permissions, limits] = await Promise.all([
      accountsService.findUserById(db, userId),
      accountsService.loadPermissions(db, userId, withheld),
      accountsService.restrictionLimits(db, userId, withheld),
    ]);
    if (!user || !permissions) throw new HttpError(404, 'NOT_FOUND', 'No such user');
    return {
      user: { name: user.name, accountid: user.steamid ?? '', id: user.id, avatarhash: user.avatar_hash },
      permissions: { ...permissions, base: null, limits },
    };
  };

  app.post(
    '/admins/impersonate/:userId',
    {
      preHandler: [requirePermission('users.impersonate'), requireStepUp],
      schema: {
        tags: ['admins'],
        params: z.object({ userId: z.string().min(1).max(64) }),
        response: { 200: impersonationResponseSchema, ...errors },
      },
    },
    async (request) => {
      const auth = request.auth as Principal;
      if (auth.via !== 'session' || !auth.sessionId) {
        throw new HttpError(403, 'SESSION_REQUIRED', 'Impersonation needs a signed-in browser session');
      }
      if (auth.impersonatorId) throw new HttpError(409, 'ALREADY_IMPERSONATING', 'Stop impersonating first');
      const targetId = request.params.userId;
      if (targetId === auth.userId) throw new HttpError(400, 'SELF', 'You cannot impersonate yourself');
      const target = await describeUser(targetId);
      // Only someone within the admin's own flags, patterns and immunity (act-on + grant rule).
      await accountsService.assertMayImpersonate(db, auth, targetId);
      const admin = await accountsService.findUserById(db, auth.userId);
      await setImpersonating(auth.sessionId, targetId);
      // Streams opened as the other identity end now.
      await notificationsService.announceCredentialEnd(db);
      await auditService.writeAudit(db, {
        client: auth.userId,
        clientName: admin?.name ?? null,
        target: targetId,
        targetName: target.user.name,
        message: `Started impersonating ${target.user.name}`,
      });
      return target;
    },
  );

  for (const url of ['/admins/impersonate/', '/admins/impersonate']) {
    app.post(
      url,
      {
        preHandler: requireSignedIn,
        schema: {
          tags: ['admins'],
          hide: url.endsWith('e'),
          response: { 200: impersonationResponseSchema, ...errors },
        },
      },
      async (request) => {
        const auth = request.auth as Principal;
        if (!auth.impersonatorId || !auth.sessionId) {
          throw new HttpError(400, 'NOT_IMPERSONATING', 'You are not impersonating anyone');
        }
        const target = await accountsService.findUserById(db, auth.userId);
        await setImpersonating(auth.sessionId, null);
        // Streams opened as the other identity end now.
        await notificationsService.announceCredentialEnd(db);
        const admin = await describeUser(auth.impersonatorId);
        await auditService.writeAudit(db, {
          client: auth.impersonatorId,
          clientName: admin.user.name,
          target: auth.userId,
          targetName: target?.name ?? null,
          message: `Stopped impersonating ${target?.name ?? auth.userId}`,
        });
        return admin;
      },
    );
  }
};
