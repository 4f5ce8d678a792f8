/**
 * The /links targets: GET /api/links/{stats,extended-stats,steam-group} and
 * GET /api/admins/discord answer 302 to the URL stored in the site setting named here,
 * or 404 `{error: 'LINK_NOT_SET', message}` when it is unset.
 */
export const LINK_SETTING_KEYS = {
  stats: 'links.stats',
  'extended-stats': 'links.extendedStats',
  'steam-group': 'links.steamGroup',
  discord: 'links.discord',
} as const;
export type LinkName = keyof typeof LINK_SETTING_KEYS;
