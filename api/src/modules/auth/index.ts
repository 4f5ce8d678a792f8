// The auth module's door: sign-in (Steam, Discord), sessions, API keys, impersonation and
// the profile. `authentication` is the app-wide hook that turns a session cookie or an API
// key into request.auth; app.ts registers it once before every module.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eventBus } from '../../lib/event-bus';
import { regenerateApiKey } from './api-keys-service';
import { checkDiscordApplication, checkSteamApiKey } from './credential-checks';
import { credentialOf, liveCredentials } from './credentials';
import { developerRoutes } from './developer-routes';
import { discordRoutes, userLinkedToDiscord } from './discord';
import { impersonationRoutes } from './impersonation-routes';
import { profileRoutes } from './profile-routes';
import {
  auditSecurity,
  readRequiredRoleIds,
  removeAllFactors,
  secondFactorRoutes,
  withheldRoleIds,
} from './second-factor';
import { sessionsRoutes } from './sessions-routes';
import { createSession, sessionStillValid } from './sessions-service';
import { steamRoutes } from './steam-routes';

export { authentication } from './authentication';
export type { CredentialCheck } from './credential-checks';
export type { StreamCredential } from './credentials';
/**
 * preHandler of every dangerous action (issue 31), after its permission guard: 401
 * STEP_UP_REQUIRED unless the person proved a second factor recently (when they have one).
 */
/** The cookie that carries a session token. */
export { SESSION_COOKIE } from './sessions-service';

export const authModule: FastifyPluginAsyncZod = async (app) => {
  // A refused step-up (plugins/step-up.ts) is audited in the person's name, before the 401.
  const off = eventBus(app.db).on('step-up.refused', 'auth', ({ request, message }) => auditSecurity(request, message));
  app.addHook('onClose', async () => off());
  await app.register(profileRoutes);
  await app.register(steamRoutes);
  await app.register(sessionsRoutes);
  await app.register(developerRoutes);
  await app.register(discordRoutes);
  await app.register(impersonationRoutes);
  await app.register(secondFactorRoutes);
};

export const authService = {
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
  /** Who linked this Discord account (Discord slash commands act as them). */
  userLinkedToDiscord,
};
