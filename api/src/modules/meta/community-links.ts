import { LINK_SETTING_KEYS, type LinkName, type PanelLinks } from '@outpost/contracts';
import type { Kysely } from 'kysely';
import { readSetting } from './settings-repository';
import type { MetaTables } from './tables';

/** A stored link is followed only when it is an absolute http(s) URL. */
function safeUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The URL a community link leads to, or null while it is unset (or not a usable URL). */
export async function readLinkUrl(db: Kysely<MetaTables>, name: LinkName): Promise<string | null> {
  return safeUrl(await readSetting<unknown>(db, LINK_SETTING_KEYS[name], null));
}

const SITE_SETTINGS_FIELD: Record<LinkName, keyof PanelLinks> = {
  stats: 'stats',
  'extended-stats': 'extendedStats',
  'steam-group': 'steamGroup',
  discord: 'discord',
};

/** The community links that lead somewhere (of the site settings' links): what the nav and /links offer. */
export function setLinkNames(links: PanelLinks): LinkName[] {
  const names = Object.keys(LINK_SETTING_KEYS) as LinkName[];
  return names.filter((name) => safeUrl(links[SITE_SETTINGS_FIELD[name]]) !== null);
}
