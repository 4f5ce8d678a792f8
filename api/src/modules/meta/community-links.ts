import { LINK_SETTING_KEYS, type LinkName } from '@outpost/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { readSetting } from './settings-repository';

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
export async function readLinkUrl(db: Kysely<Database>, name: LinkName): Promise<string | null> {
  return safeUrl(await readSetting<unknown>(db, LINK_SETTING_KEYS[name], null));
}

/** The community links that lead somewhere: what the nav and /links offer. */
export async function setLinkNames(db: Kysely<Database>): Promise<LinkName[]> {
  const names = Object.keys(LINK_SETTING_KEYS) as LinkName[];
  const urls = await Promise.all(names.map((name) => readLinkUrl(db, name)));
  return names.filter((_name, index) => urls[index] !== null);
}
