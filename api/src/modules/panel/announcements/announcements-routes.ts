import { announcementResultSchema, announcementSchema, apiErrorSchema } from '@outpost/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../../lib/http-error';
import { requirePermission } from '../../../plugins/authorization';
import { notificationsService } from '../../notifications';
import { auditPanelChange } from '../panel-audit';
import { allUserIds, findPanelUser, findRole, holderIds } from '../roles/roles-repository';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** Announcements: one notification to everyone, a role's holders or one user; live in their bell, kept in their list. */
export const announcementsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/panel/announcements',
    {
      preHandler: requirePermission('panel.announce'),
      schema: {
        tags: ['panel'],
        body: announcementSchema,
        response: { 201: announcementResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { audience, level, message, link } = request.body;
      let recipients: string[];
      let audienceName: string;
      if (audience.kind === 'everyone') {
        recipients = await allUserIds(app.db);
        audienceName = 'everyone';
      } else if (audience.kind === 'role') {
        const role = await findRole(app.db, audience.roleId);
        if (!role) throw new HttpError(404, 'ROLE_NOT_FOUND', 'No role has this id');
        recipients = await holderIds(app.db, role.id);
        audienceName = `role "${role.name}"`;
      } else {
        const user = await findPanelUser(app.db, audience.userId);
        if (!user) throw new HttpError(404, 'USER_NOT_FOUND', 'No users were found for id?');
        recipients = [user.id];
        audienceName = `user "${user.name}"`;
      }
      await notificationsService.createNotificationForUsers(app.db, recipients, { level, message, link: link || null });
      await auditPanelChange(request, {
        message: `sent an announcement to ${audienceName} (${recipients.length} recipient(s))`,
        before: null,
        after: { level, message, link: link || null },
      });
      return reply.status(201).send({ recipients: recipients.length });
    },
  );
};
