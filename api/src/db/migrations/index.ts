import type { Migration } from 'kysely';
import * as initial from './2026-11-22-0001-initial';
import * as accounts from './2026-11-22-0002-accounts';
import * as auditLog from './2026-11-22-0003-audit-log';
import * as openidNonces from './2026-11-22-0301-openid-nonces';
import * as notifications from './2026-11-22-0302-notifications';
import * as apiKeys from './2026-11-22-0303-api-keys';
import * as providerLinks from './2026-11-22-0304-provider-links';
import * as setupTokens from './2026-11-22-0305-setup-tokens';
import * as serverTemplates from './2026-11-22-0401-server-templates';
import * as moderation from './2026-11-22-0501-moderation';
import * as gameIntegration from './2026-11-22-0502-game-integration';
import * as gameAdminIdentities from './2026-11-22-0503-game-admin-identities';
import * as realActor from './2026-11-22-0901-real-actor';
import * as panel from './2026-11-22-1150-panel';
import * as sharesAddons from './2026-11-22-1201-shares-addons';
import * as discussions from './2026-11-22-1301-discussions';
import * as events from './2026-11-22-1350-events';
import * as rateLimitCounters from './2026-11-22-1440-rate-limit-counters';
import * as remoteReleases from './2026-11-22-1451-remote-releases';
import * as importMappings from './2026-11-22-1501-import-mappings';
import * as discussionMentions from './2026-11-23-1380-discussion-mentions';
import * as banAppeals from './2026-11-23-1510-ban-appeals';
import * as playerReports from './2026-11-23-1530-player-reports';
import * as webhooks from './2026-11-23-1560-webhooks';
import * as secondFactor from './2026-11-28-3101-second-factor';
import * as importJobs from './2026-11-28-3524-import-jobs';
import * as gameCommands from './2026-11-28-3625-game-commands';
import * as playerServersByServer from './2026-11-28-3700-player-servers-by-server';
import * as roleLimits from './2026-11-28-3725-role-limits';
import * as warnings from './2026-11-28-3750-warnings';
import * as serverHistory from './2026-11-28-3828-server-history';
import * as federation from './2026-11-28-3900-federation';
import * as banScope from './2026-11-28-3910-ban-scope';
import * as federationSubscriptions from './2026-11-28-3920-federation-subscriptions';
import * as discordStaffMessages from './2026-11-28-3930-discord-staff-messages';
import * as playerSessions from './2026-11-28-3945-player-sessions';
import * as discordRoleSync from './2026-11-28-3950-discord-role-sync';
import * as leaderboardKeyset from './2026-11-29-3960-leaderboard-keyset';
import * as userLocale from './2026-11-29-3970-user-locale';
import * as serverHistoryDays from './2026-12-06-3980-server-history-days';
import * as releaseCatalogs from './2026-12-06-3990-release-catalogs';
import * as historyPostgresStorage from './2026-12-06-4010-history-postgres-storage';
import * as banOriginWords from './2026-12-06-4020-ban-origin-words';
import * as notificationWords from './2026-12-06-4030-notification-words';
import * as banLiftedByAppeal from './2026-12-06-4040-ban-lifted-by-appeal';
import * as serverMapDays from './2026-12-06-4050-server-map-days';

/**
 * Every migration, by name. Names carry a sortable date prefix; Kysely runs them in
 * name order. Listed statically (not read from disk) so the API runs the same from
 * source, under tsx or bundled. Add new ones at the end.
 */
export const migrations: Record<string, Migration> = {
  '2026-11-22-0001-initial': initial,
  '2026-11-22-0002-accounts': accounts,
  '2026-11-22-0003-audit-log': auditLog,
  '2026-11-22-0301-openid-nonces': openidNonces,
  '2026-11-22-0302-notifications': notifications,
  '2026-11-22-0303-api-keys': apiKeys,
  '2026-11-22-0304-provider-links': providerLinks,
  '2026-11-22-0305-setup-tokens': setupTokens,
  '2026-11-22-0401-server-templates': serverTemplates,
  '2026-11-22-0501-moderation': moderation,
  '2026-11-22-0502-game-integration': gameIntegration,
  '2026-11-22-0503-game-admin-identities': gameAdminIdentities,
  '2026-11-22-0901-real-actor': realActor,
  '2026-11-22-1150-panel': panel,
  '2026-11-22-1201-shares-addons': sharesAddons,
  '2026-11-22-1301-discussions': discussions,
  '2026-11-22-1350-events': events,
  '2026-11-22-1440-rate-limit-counters': rateLimitCounters,
  '2026-11-22-1451-remote-releases': remoteReleases,
  '2026-11-22-1501-import-mappings': importMappings,
  '2026-11-23-1380-discussion-mentions': discussionMentions,
  '2026-11-23-1510-ban-appeals': banAppeals,
  '2026-11-23-1530-player-reports': playerReports,
  '2026-11-23-1560-webhooks': webhooks,
  '2026-11-28-3101-second-factor': secondFactor,
  '2026-11-28-3524-import-jobs': importJobs,
  '2026-11-28-3625-game-commands': gameCommands,
  '2026-11-28-3700-player-servers-by-server': playerServersByServer,
  '2026-11-28-3725-role-limits': roleLimits,
  '2026-11-28-3750-warnings': warnings,
  '2026-11-28-3828-server-history': serverHistory,
  '2026-11-28-3900-federation': federation,
  '2026-11-28-3910-ban-scope': banScope,
  '2026-11-28-3920-federation-subscriptions': federationSubscriptions,
  '2026-11-28-3930-discord-staff-messages': discordStaffMessages,
  '2026-11-28-3945-player-sessions': playerSessions,
  '2026-11-28-3950-discord-role-sync': discordRoleSync,
  '2026-11-29-3960-leaderboard-keyset': leaderboardKeyset,
  '2026-11-29-3970-user-locale': userLocale,
  '2026-12-06-3980-server-history-days': serverHistoryDays,
  '2026-12-06-3990-release-catalogs': releaseCatalogs,
  '2026-12-06-4010-history-postgres-storage': historyPostgresStorage,
  '2026-12-06-4020-ban-origin-words': banOriginWords,
  '2026-12-06-4030-notification-words': notificationWords,
  '2026-12-06-4040-ban-lifted-by-appeal': banLiftedByAppeal,
  '2026-12-06-4050-server-map-days': serverMapDays,
};
