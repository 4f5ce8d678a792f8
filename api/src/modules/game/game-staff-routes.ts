import {
  type GameAdminIdentity,
  gameAdminIdentitiesListSchema,
  gameAdminIdentitiesSchema,
  gameGroupImmunitiesSchema,
  gameOverridesResponseSchema,
  gameOverridesUpdateSchema,
  gameTokenCreatedSchema,
  gameTokenStatusSchema,
  parseSteamId,
} from '@outpost/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { OwnDb } from '../../db/module-db';
import { errorResponses } from '../../lib/error-responses';
import { HttpError } from '../../lib/http-error';
import type { Principal } from '../../lib/principal';
import { firstGrantBeyondCaller } from '../../lib/privilege-limits';
import { requirePermission } from '../../plugins/authorization';
import { accountsService } from '../accounts';
import { auditService } from '../audit';
import { serversService } from '../servers';
import { identityAdmins, listIdentities, replaceIdentities } from './game-admin-identities';
import { gameOverrides, groupImmunities, replaceGroupImmunities, replaceOverrides } from './game-admins';
import { rotateToken, tokenStatus } from './game-tokens';
import { overrideChangeRefusal } from './override-rules';
import type { GameTables } from './tables';

const errors = errorResponses(400, 401, 403, 404);
const params = z.object({ serverId: z.string().min(1).max(64) });

/** An identity's key: its auth type and identity (a Steam id in its SteamID64 form). */
function identityKey(admin: { authType: string; identity: string }): string {
  return `${admin.authType}:${admin.authType === 'steam' ? (parseSteamId(admin.identity) ?? admin.identity) : admin.identity}`;
}

function sameIdentity(a: GameAdminIdentity, b: GameAdminIdentity): boolean {
  return (
    a.name === b.name &&
    [...a.flags].sort().join('') === [...b.flags].sort().join('') &&
    a.immunity === b.immunity &&
    [...a.roleIds].sort().join() === [...b.roleIds].sort().join()
  );
}

/**
 * The list is replaced whole, so every entry it drops or changes is an action on that
 * admin: the act-on rule (their effective immunity strictly below the caller's) and the
 * grant-limit rule (the caller holds every flag they had) apply to it (issue 9 item 7).
 */
async function assertMayReplaceIdentities(
  db: Kysely<GameTables>,
  auth: Principal,
  next: GameAdminIdentity[],
): Promise<void> {
  accountsService.assertNotImpersonating(auth);
  const normalised = identityKey;
  const same = sameIdentity;
  const incoming = new Map(next.map((admin) => [normalised(admin), admin]));
  const effective = new Map((await identityAdmins(db)).map((admin) => [normalised(admin), admin]));
  for (const old of await listIdentities(db)) {
    const replacement = incoming.get(normalised(old));
    if (replacement && same(old, replacement)) continue;
    const standing = effective.get(normalised(old));
    const flags = standing?.flags ?? old.flags;
    const immunityLevel = standing?.immunity ?? old.immunity;
    if (
      !accountsService.mayActOn(auth, {
        userId: `identity:${normalised(old)}`,
        permissions: { flags, codes: [], immunityLevel },
      })
    ) {
      throw new HttpError(
        403,
        'TARGET_IMMUNE',
        `You cannot change or remove ${old.name}: their immunity (${immunityLevel}) is not below yours`,
      );
    }
    const beyond = firstGrantBeyondCaller(auth, { flags, codes: [] });
    if (beyond)
      throw new HttpError(
        403,
        'FORBIDDEN',
        `You cannot change or remove ${old.name}: they hold a ${beyond} you do not hold`,
      );
  }
}

/** Staff side of the game integration: plugin tokens (servers.tokens) and command overrides. */
export const gameStaffRoutes: FastifyPluginAsyncZod<OwnDb<GameTables>> = async (app, { db }) => {
  async function serverNameOr404(serverId: string): Promise<string> {
    const name = (await serversService.serverNameMap(db)).get(serverId);
    if (!name) throw new HttpError(404, 'NOT_FOUND', 'No server has this id');
    return name;
  }

  app.get(
    '/game-tokens/:serverId',
    {
      preHandler: requirePermission('servers.tokens'),
      schema: { tags: ['game'], params, response: { 200: gameTokenStatusSchema, ...errors } },
    },
    async (request) => {
      await serverNameOr404(request.params.serverId);
      return tokenStatus(db, request.params.serverId);
    },
  );

  app.post(
    '/game-tokens/:serverId',
    {
      preHandler: requirePermission('servers.tokens'),
      schema: {
        tags: ['game'],
        description:
          'Create or rotate the server’s plugin token. The token is in this answer only; the previous one stops working.',
        params,
        response: { 201: gameTokenCreatedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const serverId = request.params.serverId;
      const name = await serverNameOr404(serverId);
      const token = await rotateToken(db, serverId);
      const actor = await accountsService.actorOf(db, request);
      await auditService.writeAudit(db, {
        client: actor.id,
        clientName: actor.name,
        serverId,
        message: `rotated the plugin token of server "${name}"`,
      });
      return reply.status(201).send({ ...(await tokenStatus(db, serverId)), token });
    },
  );

  app.get(
    '/game-overrides',
    {
      preHandler: requirePermission('users.view-admin'),
      schema: { tags: ['game'], response: { 200: gameOverridesResponseSchema, ...errors } },
    },
    async () => ({ overrides: await gameOverrides(db) }),
  );

  app.put(
    '/game-overrides',
    {
      preHandler: requirePermission('users.edit-privileges'),
      schema: {
        tags: ['game'],
        body: gameOverridesUpdateSchema,
        response: { 200: gameOverridesResponseSchema, ...errors },
      },
    },
    async (request) => {
      // The one override rule (override-rules.ts): refused before anything is stored.
      const auth = request.auth as Principal;
      accountsService.assertNotImpersonating(auth);
      const refusal = overrideChangeRefusal(auth, await gameOverrides(db), request.body.overrides);
      if (refusal) throw new HttpError(403, 'FORBIDDEN', refusal);
      await replaceOverrides(db, request.body.overrides);
      const actor = await accountsService.actorOf(db, request);
      await auditService.writeAudit(db, {
        client: actor.id,
        clientName: actor.name,
        message: `replaced the command overrides (${request.body.overrides.length})`,
      });
      return { overrides: await gameOverrides(db) };
    },
  );

  app.get(
    '/game-group-immunities',
    {
      preHandler: requirePermission('users.view-admin'),
      schema: { tags: ['game'], response: { 200: gameGroupImmunitiesSchema, ...errors } },
    },
    async () => ({ immunities: await groupImmunities(db) }),
  );

  app.put(
    '/game-group-immunities',
    {
      preHandler: requirePermission('users.edit-privileges'),
      schema: {
        tags: ['game'],
        body: gameGroupImmunitiesSchema,
        response: { 200: gameGroupImmunitiesSchema, ...errors },
      },
    },
    async (request) => {
      if (!(await replaceGroupImmunities(db, request.body.immunities))) {
        throw new HttpError(400, 'UNKNOWN_ROLE', 'Every group must be an existing role id');
      }
      const actor = await accountsService.actorOf(db, request);
      await auditService.writeAudit(db, {
        client: actor.id,
        clientName: actor.name,
        message: `replaced the group immunities (${request.body.immunities.length})`,
      });
      return { immunities: await groupImmunities(db) };
    },
  );

  app.get(
    '/game-admin-identities',
    {
      preHandler: requirePermission('users.view-admin'),
      schema: { tags: ['game'], response: { 200: gameAdminIdentitiesListSchema, ...errors } },
    },
    async () => ({ admins: await listIdentities(db) }),
  );

  app.put(
    '/game-admin-identities',
    {
      preHandler: requirePermission('users.edit-privileges'),
      schema: {
        tags: ['game'],
        body: gameAdminIdentitiesSchema,
        response: { 200: gameAdminIdentitiesListSchema, ...errors },
      },
    },
    async (request) => {
      const caller = (request.auth as Principal).permissions.immunityLevel;
      // Entries kept exactly as stored grant nothing new; the others are grants.
      const stored = new Map((await listIdentities(db)).map((admin) => [identityKey(admin), admin]));
      const granted = request.body.admins.filter((admin) => {
        const before = stored.get(identityKey(admin));
        return !before || !sameIdentity(before, admin);
      });
      if (granted.some((admin) => admin.immunity > caller)) {
        throw new HttpError(403, 'IMMUNITY', `You cannot set an immunity above your own (${caller})`);
      }
      const grants = [
        ...granted.map((admin) => ({ flags: admin.flags, codes: [] })),
        ...(await accountsService.roleGrants(db, [...new Set(granted.flatMap((admin) => admin.roleIds))])),
      ];
      const beyond = grants.map((grant) => firstGrantBeyondCaller(request.auth as Principal, grant)).find(Boolean);
      if (beyond) throw new HttpError(403, 'FORBIDDEN', `You cannot give a ${beyond} you do not hold yourself`);
      await assertMayReplaceIdentities(db, request.auth as Principal, request.body.admins);
      await replaceIdentities(db, request.body.admins);
      const actor = await accountsService.actorOf(db, request);
      await auditService.writeAudit(db, {
        client: actor.id,
        clientName: actor.name,
        message: `replaced the in-game admins without accounts (${request.body.admins.length})`,
      });
      return { admins: await listIdentities(db) };
    },
  );
};
