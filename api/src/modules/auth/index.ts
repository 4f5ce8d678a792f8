// The auth module's door: sign-in (Steam, Discord), sessions, API keys, impersonation and
// the profile. `authentication` is the app-wide hook that turns a session cookie or an API
// key into request.auth; app.ts registers it once before every module.

import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Door, ModuleDb } from '../../db/module-db';
import { eventBus } from '../../lib/event-bus';
import { provideWithheldRoles } from '../../lib/withheld-roles';
import { regenerateApiKey } from './api-keys-service';
import { registerAuthentication } from './authentication';
import { checkDiscordApplication, checkSteamApiKey } from './credential-checks';
import { credentialOf, liveCredentials } from './credentials';
import { developerRoutes } from './developer-routes';
import { discordIdOfUser, discordRoutes, userLinkedToDiscord } from './discord';
import { impersonationRoutes } from './impersonation-routes';
import { profileRoutes } from './profile-routes';
import {
  auditSecurity,
  readRequiredRoleIds,
  removeAllFactors,
  secondFactorRoutes,
  secondFactorStanding,
  withheldRoleIds,
} from './second-factor';
import { sessionsRoutes } from './sessions-routes';
import { createSession, sessionStillValid } from './sessions-service';
import { steamRoutes } from './steam-routes';
import type { AuthTables } from './tables';

// Limits per role (accounts) leave out the roles withheld for a missing second factor, on every path.
provideWithheldRoles((db, userId) => withheldRoleIds(db as Kysely<AuthTables>, userId));

export type { CredentialCheck } from './credential-checks';
export type { StreamCredential } from './credentials';
/**
 * preHandler of every dangerous action (issue 31), after its permission guard: 401
 * STEP_UP_REQUIRED unless the person proved a second factor recently (when they have one).
 */
/** The cookie that carries a session token. */
export { SESSION_COOKIE } from './sessions-service';

/** This module's view of the database: its own tables (the module's one cast; the same instance). */
const ownView = (app: { db: ModuleDb }) => app.db as Kysely<AuthTables>;

/** The app-wide hook that resolves the bearer API key or the session cookie into request.auth (app.ts registers it once). */
export const authentication = fp(async (app) => registerAuthentication(app, ownView(app)));

export const authModule: FastifyPluginAsyncZod = async (app) => {
  const db = ownView(app);
  // A refused step-up (plugins/step-up.ts) is audited in the person's name, before the 401.
  const off = eventBus(db).on('step-up.refused', 'auth', ({ request, message }) => auditSecurity(request, message));
  app.addHook('onClose', async () => off());
  await app.register(profileRoutes, { db });
  await app.register(steamRoutes, { db });
  await app.register(sessionsRoutes, { db });
  await app.register(developerRoutes, { db });
  await app.register(discordRoutes, { db });
  await app.register(impersonationRoutes, { db });
  await app.register(secondFactorRoutes, { db });
};

const authDoor = {
  /** Setup and settings "Test" buttons: does a Steam Web API key / a Discord application work? */
  checkSteamApiKey,
  checkDiscordApplication,
  createSession,
  /** False once the session was signed out, expired or revoked (streams close then). */
  sessionStillValid,
  /** The session or API key a request came with (a long-lived stream keeps checking it). */
  credentialOf,
  liveCredentials,
  regenerateApiKey,
  /** Removes every second factor of a user (`pnpm outpost 2fa-reset`, the way back from a lost one). */
  removeAllFactors,
  /** The roles whose permissions this user does not get now (they require a second factor the user lacks). */
  withheldRoleIds,
  /** The roles the site's policy says require a second factor. */
  rolesRequiringSecondFactor: readRequiredRoleIds,
  /** Whether a dangerous action outside a browser session (Discord /ban) may go ahead: free, enrol, prove or proved. */
  secondFactorStanding,
  /** Who linked this Discord account (Discord slash commands act as them). */
  userLinkedToDiscord,
  /** The Discord account a user linked, or null (Discord role sync). */
  discordIdOfUser,
};

/**
 * What other modules ask of auth. Callers hand over their own view of the database (the same instance, or their
 * transaction); this door sees its own tables through it.
 */
export const authService = authDoor as unknown as Door<typeof authDoor>;
