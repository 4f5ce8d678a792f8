import {
  DEFAULT_DISCUSSION_MAX_BODY,
  DEFAULT_DISCUSSION_POSTS_PER_MINUTE,
  DEFAULT_RECENT_PLAYERS_MINUTES,
  DEFAULT_REPORT_SETTINGS,
  DEFAULT_WARNING_SETTINGS,
  type DiscussionLimits,
  discussionLimitsSchema,
  LINK_SETTING_KEYS,
  NOTICE_CLASSES,
  type Notice,
  noticeSchema,
  type PanelLinks,
  RESOURCE_THRESHOLD_SETTINGS,
  type ReportSettings,
  recentPlayersMinutesSchema,
  reportSettingsSchema,
  type WarningSettings,
  warningSettingsSchema,
} from '@outpost/contracts';
import type { Kysely } from 'kysely';
import { fromJsonColumn, toJsonColumn } from '../../db/json-column';
import { cachedSettings, cacheSettings, forgetSiteSettings } from './settings-cache';
import type { MetaTables } from './tables';

/** Where each site setting is stored in the settings table. */
export const SITE_SETTING_KEYS = {
  notice: 'notice',
  domain: 'site.domain',
  steamApiKey: 'secrets.steamApiKey',
  sentryDsn: 'secrets.sentryDsn',
  discordSignIn: 'signIn.discord',
  linkStats: LINK_SETTING_KEYS.stats,
  linkExtendedStats: LINK_SETTING_KEYS['extended-stats'],
  linkSteamGroup: LINK_SETTING_KEYS['steam-group'],
  linkDiscord: LINK_SETTING_KEYS.discord,
  cpuThreshold: RESOURCE_THRESHOLD_SETTINGS.cpu,
  memoryThreshold: RESOURCE_THRESHOLD_SETTINGS.memory,
  discussionPostsPerMinute: 'discussions.postsPerMinute',
  discussionMaxBodyChars: 'discussions.maxBodyChars',
  reportReasons: 'reports.reasons',
  reportGroupWindowHours: 'reports.groupWindowHours',
  reportsPerWindow: 'reports.reportsPerWindow',
  trustInGameUnbans: 'game.trustInGameUnbans',
  warningExpiryDays: 'warnings.expiryDays',
  warningLadder: 'warnings.ladder',
  recentPlayersMinutes: 'players.recentMinutes',
} as const;

export interface SiteSettings {
  notice: Notice;
  /** '' = the host of PUBLIC_URL. */
  domain: string;
  links: PanelLinks;
  thresholds: { cpu: number | null; memory: number | null };
  /** Secrets: used by the API, never sent to a browser by the panel. */
  steamApiKey: string | null;
  sentryDsn: string | null;
  /** false: Discord sign-in is switched off even when configured. */
  discordSignIn: boolean;
  /** Discussions' anti-abuse limits (issue 13). */
  discussions: DiscussionLimits;
  /** Player reports' reasons, grouping window and per-reporter limit (issue 15). */
  reports: ReportSettings;
  /** Issue 31 item 8: trust in-game unbans from admins seen connected to that server (off by default). */
  trustInGameUnbans: boolean;
  /** Issue 25 item 5: how long a warning stays active and the ladder of automatic bans. */
  warnings: WarningSettings;
  /** Issue 25 item 1: how far back a server's "seen recently" players reach, in minutes. */
  recentPlayersMinutes: number;
}

export type SiteSettingsChange = Partial<{
  notice: Notice;
  domain: string;
  links: Partial<PanelLinks>;
  thresholds: Partial<SiteSettings['thresholds']>;
  steamApiKey: string | null;
  sentryDsn: string | null;
  discordSignIn: boolean;
  discussions: Partial<DiscussionLimits>;
  reports: Partial<ReportSettings>;
  trustInGameUnbans: boolean;
  warnings: Partial<WarningSettings>;
  recentPlayersMinutes: number;
}>;

const NO_NOTICE: Notice = { enabled: false, text: '', class: 'is-info' };

/**
 * Every instance re-reads the settings at most this often, so a change saved on one
 * instance reaches /api/meta on all of them within this time, with no restart; the
 * instance that saved sees it at once (its cache is dropped on write).
 */
export const SETTINGS_CACHE_MS = 2000;

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function numberOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function secret(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function toSiteSettings(values: Map<string, unknown>): SiteSettings {
  const notice = noticeSchema.safeParse(values.get(SITE_SETTING_KEYS.notice));
  const recentMinutes = recentPlayersMinutesSchema.safeParse(values.get(SITE_SETTING_KEYS.recentPlayersMinutes));
  return {
    notice: notice.success
      ? {
          ...notice.data,
          class: (NOTICE_CLASSES as readonly string[]).includes(notice.data.class) ? notice.data.class : 'is-info',
        }
      : NO_NOTICE,
    domain: text(values.get(SITE_SETTING_KEYS.domain)),
    links: {
      stats: text(values.get(SITE_SETTING_KEYS.linkStats)),
      extendedStats: text(values.get(SITE_SETTING_KEYS.linkExtendedStats)),
      steamGroup: text(values.get(SITE_SETTING_KEYS.linkSteamGroup)),
      discord: text(values.get(SITE_SETTING_KEYS.linkDiscord)),
    },
    thresholds: {
      cpu: numberOrNull(values.get(SITE_SETTING_KEYS.cpuThreshold)),
      memory: numberOrNull(values.get(SITE_SETTING_KEYS.memoryThreshold)),
    },
    steamApiKey: secret(values.get(SITE_SETTING_KEYS.steamApiKey)),
    sentryDsn: secret(values.get(SITE_SETTING_KEYS.sentryDsn)),
    discordSignIn: values.get(SITE_SETTING_KEYS.discordSignIn) !== false,
    discussions: discussionLimits(values),
    reports: reportSettings(values),
    // Only an explicit true turns it on: a missing or unreadable value is the safe default.
    trustInGameUnbans: values.get(SITE_SETTING_KEYS.trustInGameUnbans) === true,
    recentPlayersMinutes: recentMinutes.success ? recentMinutes.data : DEFAULT_RECENT_PLAYERS_MINUTES,
    warnings: warningSettings(values),
  };
}

function warningSettings(values: Map<string, unknown>): WarningSettings {
  const shape = warningSettingsSchema.shape;
  const expiry = shape.expiryDays.safeParse(values.get(SITE_SETTING_KEYS.warningExpiryDays));
  const ladder = shape.ladder.safeParse(values.get(SITE_SETTING_KEYS.warningLadder));
  return {
    expiryDays: expiry.success ? expiry.data : DEFAULT_WARNING_SETTINGS.expiryDays,
    ladder: ladder.success ? ladder.data : [...DEFAULT_WARNING_SETTINGS.ladder],
  };
}

/** Each stored value that no longer validates falls back to its default alone. */
function reportSettings(values: Map<string, unknown>): ReportSettings {
  const shape = reportSettingsSchema.shape;
  const reasons = shape.reasons.safeParse(values.get(SITE_SETTING_KEYS.reportReasons));
  const window = shape.groupWindowHours.safeParse(values.get(SITE_SETTING_KEYS.reportGroupWindowHours));
  const perWindow = shape.reportsPerWindow.safeParse(values.get(SITE_SETTING_KEYS.reportsPerWindow));
  return {
    reasons: reasons.success ? reasons.data : [...DEFAULT_REPORT_SETTINGS.reasons],
    groupWindowHours: window.success ? window.data : DEFAULT_REPORT_SETTINGS.groupWindowHours,
    reportsPerWindow: perWindow.success ? perWindow.data : DEFAULT_REPORT_SETTINGS.reportsPerWindow,
  };
}

function discussionLimits(values: Map<string, unknown>): DiscussionLimits {
  const shape = discussionLimitsSchema.shape;
  const postsPerMinute = shape.postsPerMinute.safeParse(values.get(SITE_SETTING_KEYS.discussionPostsPerMinute));
  const maxBodyChars = shape.maxBodyChars.safeParse(values.get(SITE_SETTING_KEYS.discussionMaxBodyChars));
  return {
    postsPerMinute: postsPerMinute.success ? postsPerMinute.data : DEFAULT_DISCUSSION_POSTS_PER_MINUTE,
    maxBodyChars: maxBodyChars.success ? maxBodyChars.data : DEFAULT_DISCUSSION_MAX_BODY,
  };
}

async function loadSiteSettings(db: Kysely<MetaTables>): Promise<SiteSettings> {
  const rows = await db
    .selectFrom('settings')
    .select(['key', 'value'])
    .where('key', 'in', Object.values(SITE_SETTING_KEYS))
    .execute();
  return toSiteSettings(new Map(rows.map((row) => [row.key, fromJsonColumn<unknown>(row.value, null)])));
}

/** The site settings, read through a short per-instance cache (one query per SETTINGS_CACHE_MS). */
export function readSiteSettings(db: Kysely<MetaTables>): Promise<SiteSettings> {
  const cached = cachedSettings<SiteSettings>(db);
  if (cached && Date.now() - cached.at < SETTINGS_CACHE_MS) return cached.value;
  const value = loadSiteSettings(db);
  cacheSettings(db, { at: Date.now(), value });
  value.catch(() => forgetSiteSettings(db));
  return value;
}

/** Writes the given settings in one transaction; null secrets and '' texts clear. Returns the new settings. */
export async function writeSiteSettings(db: Kysely<MetaTables>, change: SiteSettingsChange): Promise<SiteSettings> {
  const writes: [string, unknown][] = [];
  if (change.notice) writes.push([SITE_SETTING_KEYS.notice, change.notice]);
  if (change.domain !== undefined) writes.push([SITE_SETTING_KEYS.domain, change.domain]);
  const links = change.links ?? {};
  if (links.stats !== undefined) writes.push([SITE_SETTING_KEYS.linkStats, links.stats]);
  if (links.extendedStats !== undefined) writes.push([SITE_SETTING_KEYS.linkExtendedStats, links.extendedStats]);
  if (links.steamGroup !== undefined) writes.push([SITE_SETTING_KEYS.linkSteamGroup, links.steamGroup]);
  if (links.discord !== undefined) writes.push([SITE_SETTING_KEYS.linkDiscord, links.discord]);
  const thresholds = change.thresholds ?? {};
  if (thresholds.cpu !== undefined) writes.push([SITE_SETTING_KEYS.cpuThreshold, thresholds.cpu]);
  if (thresholds.memory !== undefined) writes.push([SITE_SETTING_KEYS.memoryThreshold, thresholds.memory]);
  if (change.steamApiKey !== undefined) writes.push([SITE_SETTING_KEYS.steamApiKey, change.steamApiKey]);
  if (change.sentryDsn !== undefined) writes.push([SITE_SETTING_KEYS.sentryDsn, change.sentryDsn]);
  if (change.discordSignIn !== undefined) writes.push([SITE_SETTING_KEYS.discordSignIn, change.discordSignIn]);
  const discussions = change.discussions ?? {};
  if (discussions.postsPerMinute !== undefined)
    writes.push([SITE_SETTING_KEYS.discussionPostsPerMinute, discussions.postsPerMinute]);
  if (discussions.maxBodyChars !== undefined)
    writes.push([SITE_SETTING_KEYS.discussionMaxBodyChars, discussions.maxBodyChars]);
  const reports = change.reports ?? {};
  if (reports.reasons !== undefined) writes.push([SITE_SETTING_KEYS.reportReasons, reports.reasons]);
  if (reports.groupWindowHours !== undefined)
    writes.push([SITE_SETTING_KEYS.reportGroupWindowHours, reports.groupWindowHours]);
  if (reports.reportsPerWindow !== undefined)
    writes.push([SITE_SETTING_KEYS.reportsPerWindow, reports.reportsPerWindow]);
  if (change.trustInGameUnbans !== undefined)
    writes.push([SITE_SETTING_KEYS.trustInGameUnbans, change.trustInGameUnbans]);
  const warnings = change.warnings ?? {};
  if (warnings.expiryDays !== undefined) writes.push([SITE_SETTING_KEYS.warningExpiryDays, warnings.expiryDays]);
  // An empty ladder is stored as such (not cleared): [] is a value here.
  if (warnings.ladder !== undefined)
    writes.push([SITE_SETTING_KEYS.warningLadder, [...warnings.ladder].sort((a, b) => a.warnings - b.warnings)]);
  if (change.recentPlayersMinutes !== undefined)
    writes.push([SITE_SETTING_KEYS.recentPlayersMinutes, change.recentPlayersMinutes]);
  await db.transaction().execute(async (trx) => {
    for (const [key, value] of writes) {
      if (value === null || value === '') {
        await trx.deleteFrom('settings').where('key', '=', key).execute();
        continue;
      }
      const json = toJsonColumn(value);
      await trx
        .insertInto('settings')
        .values({ key, value: json })
        .onConflict((conflict) => conflict.column('key').doUpdateSet({ value: json }))
        .execute();
    }
  });
  forgetSiteSettings(db);
  return readSiteSettings(db);
}
