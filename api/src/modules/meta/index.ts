// The meta module's door: /api/meta and the site settings table. Every other module reads
// and writes settings through metaService.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readLinkUrl } from './community-links';
import { metaRoutes } from './meta-routes';
import { insertSettingIfAbsent, readSetting, writeSetting } from './settings-repository';
import { readSiteSettings, writeSiteSettings } from './site-settings';

export type { SiteSettings, SiteSettingsChange } from './site-settings';

export const metaModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(metaRoutes);
};

export const metaService = {
  readSetting,
  writeSetting,
  insertSettingIfAbsent,
  readSiteSettings,
  writeSiteSettings,
  /** Where a community link leads (an http(s) URL), or null while it is unset. */
  readLinkUrl,
};
