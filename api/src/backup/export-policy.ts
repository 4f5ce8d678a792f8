// What the full export (issue 24) carries: the community's data, never its secrets nor
// one instance's passing state. Every table is named in exactly one of the two lists
// (export-policy.test.ts fails on a table a new migration adds until it is placed): a new
// table of secrets is never exported by default.

/** Tables exported (secret columns blanked, see SECRET_COLUMNS). */
export const EXPORTED_TABLES: readonly string[] = [
  'addons',
  'ban_appeal_messages',
  'ban_appeals',
  'bans',
  'discord_role_links',
  'discussion_mentions',
  'discussion_reads',
  'discussion_replies',
  'discussion_threads',
  'event_rsvps',
  'events',
  'federation_exceptions',
  'federation_received',
  'federation_subscriptions',
  'game_admin_identities',
  'game_group_immunities',
  'game_overrides',
  'import_mappings',
  'log_entries',
  'notes',
  'notifications',
  'panel_alert_state',
  'panel_alert_subscriptions',
  'player_ips',
  'player_names',
  'player_playtime',
  'player_report_groups',
  'player_reports',
  'player_servers',
  'player_sessions',
  'players',
  'remote_active',
  'remote_releases',
  'roles',
  'server_groups',
  'server_history',
  'server_history_days',
  'server_map_days',
  'server_maps',
  'servers',
  'settings',
  'share_groups',
  'shares',
  'user_roles',
  'users',
  'warnings',
];

/** Tables left out, and why (the README's export section lists them too). */
export const TABLES_NOT_EXPORTED: Record<string, string> = {
  sessions: 'sign-in sessions (secret tokens)',
  api_keys: 'API keys (secrets)',
  setup_tokens: 'first-time setup tokens (secrets)',
  openid_nonces: 'used sign-in answers (passing state)',
  event_feed_tokens: 'calendar feed tokens (secrets)',
  game_tokens: 'game-server plugin tokens (secrets: issue new ones after moving)',
  provider_links: 'Discord links (OAuth tokens: members link again)',
  panel_webhooks: 'Discord webhook URLs (secrets)',
  panel_webhook_deliveries: 'webhook delivery queue (passing state)',
  rate_limit_counters: 'rate-limit windows (passing state)',
  panel_instances: 'running instances (passing state)',
  remote_canaries: 'remote release canaries (passing state)',
  remote_release_health: 'remote load counters (passing state)',
  game_events: 'plugin event ids seen (passing state)',
  workshop_jobs: 'Workshop download jobs (passing state)',
  totp_factors: 'authenticator app secrets (staff enrol again)',
  recovery_codes: 'second-factor recovery codes (secrets)',
  passkeys: 'passkeys (bound to the old address: staff enrol again)',
  webauthn_challenges: 'passkey challenges in flight (passing state)',
  import_jobs: 'import runs and their progress (passing state)',
  game_commands: 'plugin commands in flight (passing state)',
  discord_role_sync: 'Discord role changes in flight (passing state)',
  discord_staff_messages: 'Discord staff-channel posts and edits in flight (passing state)',
  federation_keys: 'the federation signing key (secret: the moved site makes a new one; subscribers pin it again)',
  federation_feed: 'the published federation feed (signed with the key left out: published anew)',
  federation_published: 'what the federation feed last said of each ban (goes with the feed)',
};

/** Columns written as '' (secrets in a row otherwise exported). */
export const SECRET_COLUMNS: Record<string, readonly string[]> = {
  servers: ['rcon_password'],
};

/** Binary columns, written as base64 text (JSON has no bytes) and read back as bytes. */
export const BINARY_COLUMNS: Record<string, readonly string[]> = {
  server_history_days: ['slots'],
};

/** Settings keys left out: secrets (the Steam Web API key, the Sentry DSN) and backup bookkeeping. */
export function isExportedSetting(key: string): boolean {
  return !key.startsWith('secrets.') && !key.startsWith('backup.');
}
