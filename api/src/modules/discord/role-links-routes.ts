import { discordRoleLinkChangeSchema, discordRoleLinksSchema, discordRoleResyncSchema } from '@outpost/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { errorResponses } from '../../lib/error-responses';
import { HttpError } from '../../lib/http-error';
import { requirePermission } from '../../plugins/authorization';
import { requireStepUp } from '../../plugins/step-up';
import { accountsService } from '../accounts';
import { auditService } from '../audit';
import { readBotSettings } from './bot-settings';
import { resyncAll, roleLinks, setRoleLink, usersSyncedTo } from './role-sync';
import type { DiscordTables } from './tables';

// The role editor's Discord role (issue 26 item 5): per Outpost role, the Discord role its
// holders get in the guild (panel.roles, like the rest of the role editor).

const guard = requirePermission('panel.roles');

export const roleLinksRoutes: FastifyPluginAsyncZod<{
  db: Kysely<DiscordTables>;
  resync(change: { userIds: string[] }): void;
  /** Tells the bot's worker there is something to send now. */
  wake(): void;
}> = async (app, { db, resync, wake }) => {
  app.get(
    '/panel/discord-bot/roles',
    {
      preHandler: guard,
      schema: {
        tags: ['discord'],
        description: 'panel.roles: each Outpost role whose holders get a Discord role in the guild (role sync).',
        response: { 200: discordRoleLinksSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ links: await roleLinks(db) }),
  );

  app.put(
    '/panel/discord-bot/roles/:roleId',
    {
      preHandler: [guard, requireStepUp],
      schema: {
        tags: ['discord'],
        description:
          "panel.roles: the Discord role this Outpost role's holders (with a linked Discord account) get in the guild set in " +
          'the Discord bot settings; null stops it (they lose it). Changes are queued and sent with Discord’s rate limits.',
        params: z.object({ roleId: z.string().min(1).max(64) }),
        body: discordRoleLinkChangeSchema,
        response: { 200: discordRoleLinksSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { roleId } = request.params;
      const role = await accountsService.findRole(db, roleId);
      if (!role) throw new HttpError(404, 'ROLE_NOT_FOUND', 'No role has this id');
      const { discordRoleId } = request.body;
      const before = await setRoleLink(db, roleId, discordRoleId);
      if (before !== discordRoleId) {
        const actor = await accountsService.actorOf(db, request);
        await auditService.writeChange(db, actor, {
          message: `changed the Discord role of role ${role.name}`,
          before: { discordRoleId: before },
          after: { discordRoleId },
        });
        const affected = new Set(await accountsService.holderIds(db, roleId));
        if (before) for (const userId of await usersSyncedTo(db, before)) affected.add(userId);
        resync({ userIds: [...affected] });
      }
      return { links: await roleLinks(db) };
    },
  );

  app.post(
    '/panel/discord-bot/roles/resync',
    {
      preHandler: guard,
      schema: {
        tags: ['discord'],
        description:
          'panel.roles: "Resync all". Recomputes the Discord roles every account should hold and sends every change again, ' +
          'even those Discord was told before (roles given or taken in Discord by hand, a new guild): Outpost’s roles win. ' +
          'Queued and sent with Discord’s rate limits. 409 NOT_CONFIGURED while the bot token or the guild is not set.',
        response: { 200: discordRoleResyncSchema, ...errorResponses(401, 403, 409) },
      },
    },
    async (request) => {
      const settings = await readBotSettings(db);
      if (!settings.botToken || !settings.guildId)
        throw new HttpError(
          409,
          'NOT_CONFIGURED',
          'Role sync needs the bot token and the server (guild) id in the Discord bot settings first',
        );
      const done = await resyncAll(db, Date.now());
      await auditService.writeAudit(db, {
        ...auditService.auditActor(await accountsService.actorOf(db, request)),
        message: `resynced the Discord roles (${done.members} accounts, ${done.changes} changes)`,
      });
      if (done.changes > 0) wake();
      return done;
    },
  );
};
