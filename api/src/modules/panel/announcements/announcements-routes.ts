import { randomBytes } from 'node:crypto';
import { announcementAudiencesSchema, announcementResultSchema, announcementSchema } from '@outpost/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { OwnDb } from '../../../db/module-db';
import { nowSeconds } from '../../../lib/clock';
import { raiseCommunityEvent } from '../../../lib/community-events';
import { errorResponses } from '../../../lib/error-responses';
import { HttpError } from '../../../lib/http-error';
import { requirePermission } from '../../../plugins/authorization';
import { accountsService } from '../../accounts';
import { notificationsService } from '../../notifications';
import { auditPanelChange } from '../panel-audit';
import type { PanelTables } from '../tables';

const errors = errorResponses(400, 401, 403, 404);

/** Announcements: one notification to everyone, a role's holders or one user; live in their bell, kept in their list. */
export const announcementsRoutes: FastifyPluginAsyncZod<OwnDb<PanelTables>> = async (app, { db }) => {
  app.get(
    '/panel/announcements/audiences',
    {
      preHandler: requirePermission('panel.announce'),
      schema: { tags: ['panel'], response: { 200: announcementAudiencesSchema, ...errors } },
    },
    async () => ({
      users: (await accountsService.allUserIds(db)).length,
      roles: (await accountsService.listPanelRoles(db)).map(({ id, name, holders }) => ({ id, name, holders })),
    }),
  );

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
        recipients = await accountsService.allUserIds(db);
        audienceName = 'everyone';
      } else if (audience.kind === 'role') {
        const role = await accountsService.findRole(db, audience.roleId);
        if (!role) throw new HttpError(404, 'ROLE_NOT_FOUND', 'No role has this id');
        recipients = await accountsService.holderIds(db, role.id);
        audienceName = `role "${role.name}"`;
      } else {
        const user = await accountsService.findPanelUser(db, audience.userId);
        if (!user) throw new HttpError(404, 'USER_NOT_FOUND', 'No users were found for id?');
        recipients = [user.id];
        audienceName = `user "${user.name}"`;
      }
      await notificationsService.createNotificationForUsers(db, recipients, { level, message, link: link || null });
      // Only what everyone is told goes to Discord; a role's or one user's message stays private.
      if (audience.kind === 'everyone') {
        const sitePath = link?.startsWith('/') ? link : '/';
        raiseCommunityEvent(db, {
          kind: 'announcement',
          key: `announcement:${randomBytes(8).toString('hex')}`,
          title: 'Announcement',
          text: message,
          fields: link && !link.startsWith('/') ? [{ name: 'Link', value: link }] : [],
          path: sitePath,
          at: nowSeconds(),
        });
      }
      await auditPanelChange(request, {
        message: `sent an announcement to ${audienceName} (${recipients.length} recipient(s))`,
        before: null,
        after: { level, message, link: link || null },
      });
      return reply.status(201).send({ recipients: recipients.length });
    },
  );
};
