// The discord sub-door of the auth module (issue 23): what the module's other parts use of
// discord/. Files outside discord/ import this, never a file inside it.
export { createDiscordClient } from './discord-client';
export { discordRoutes } from './discord-routes';
export { discordIdOfUser, userLinkedToDiscord } from './linked-user';
export { findLinkOfUser, markExpired, updateTokens } from './provider-links-repository';
