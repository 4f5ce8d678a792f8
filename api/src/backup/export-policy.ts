// What the full export (issue 24) carries: the community's data, never its secrets nor
// one instance's passing state. Everything not named here is exported whole, so a table a
// later migration adds is carried without touching this file.

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
};

/** Columns written as '' (secrets in a row otherwise exported). */
export const SECRET_COLUMNS: Record<string, readonly string[]> = {
  servers: ['rcon_password'],
};

/** Settings keys left out: secrets (the Steam Web API key, the Sentry DSN) and backup bookkeeping. */
export function isExportedSetting(key: string): boolean {
  return !key.startsWith('secrets.') && !key.startsWith('backup.');
}
