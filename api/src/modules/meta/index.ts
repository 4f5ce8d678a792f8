// The meta module's door: /api/meta, the site settings table and the rate-limit counters
// every instance shares. Every other module reads and writes settings through metaService.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Door, ModuleDb } from '../../db/module-db';
import { readLinkUrl } from './community-links';
import { readLastBackup, recordLastBackup } from './last-backup';
import { metaRoutes } from './meta-routes';
import { countHit, peekHits, pruneCounters } from './rate-limit-counters';
import { insertSettingIfAbsent, readSetting, readSettings, writeSetting } from './settings-repository';
import { readSiteSettings, writeSiteSettings } from './site-settings';
import type { MetaTables } from './tables';

export type { LastBackup } from './last-backup';
export type { WindowCount } from './rate-limit-counters';
export type { SiteSettings, SiteSettingsChange } from './site-settings';

export const metaModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(metaRoutes, { db: app.db as Kysely<MetaTables> });
};

const metaDoor = {
  // Typed by hand: a mapped door type would drop its type parameter.
  readSetting: readSetting as <T>(db: ModuleDb, key: string, fallback: T) => Promise<T>,
  readSettings,
  writeSetting,
  insertSettingIfAbsent,
  readSiteSettings,
  writeSiteSettings,
  /** Where a community link leads (an http(s) URL), or null while it is unset. */
  readLinkUrl,
  /** Rate-limit counters every instance shares (fixed windows, atomic upsert). */
  rateLimitCounters: { countHit, peekHits, pruneCounters },
  /** The last `pnpm outpost backup`, for the health page. */
  lastBackup: { read: readLastBackup, record: recordLastBackup },
};

/**
 * What other modules ask of the site settings and shared counters. Callers hand over their own view of the database (the same instance, or their
 * transaction); this door sees its own tables through it: the module's one cast.
 */
export const metaService = metaDoor as unknown as Door<typeof metaDoor>;
