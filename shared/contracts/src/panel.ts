import { z } from 'zod';
import { notificationLevelSchema } from './auth';
import { discussionLimitsSchema } from './discuss-events-discussions';
import { recentPlayersMinutesSchema } from './game-presence';
import { noticeSchema } from './meta';
import { PERMISSION_CATALOGUE } from './permission-catalogue';
import { MAX_PERMISSION_PATTERN_LENGTH } from './permission-match';
import { hasPermission } from './permissions';
import { MAX_BAN_LENGTH_SECONDS } from './players-bans-notes-bans';
import { reportSettingsSchema } from './players-bans-notes-reports';
import { warningSettingsSchema } from './players-bans-notes-warnings';

// Panel administration (issue 11): site settings, roles, announcements, alerts, health.
// Every route lives under /api/panel and is checked on the server.

/** The notice box styles the shell knows (its CSS has one rule per class). */
export const NOTICE_CLASSES = ['is-info', 'is-success', 'is-warning', 'is-danger'] as const;

/** An http(s) URL or '' (unset). */
const optionalHttpUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => value === '' || /^https?:\/\/[^\s]+$/i.test(value), 'Must be an http(s) URL or empty');

export const panelNoticeSchema = z.object({
  ...noticeSchema.shape,
  text: z.string().max(4000),
  class: z.enum(NOTICE_CLASSES),
});

export const panelLinksSchema = z.object({
  stats: optionalHttpUrl,
  extendedStats: optionalHttpUrl,
  steamGroup: optionalHttpUrl,
  /** The Discord invite /api/admins/discord redirects to. */
  discord: optionalHttpUrl,
});
export type PanelLinks = z.infer<typeof panelLinksSchema>;

/** null: the CPU_THRESHOLD / MEMORY_THRESHOLD environment value applies. */
export const panelThresholdsSchema = z.object({
  cpu: z.number().min(0.05).max(1000).nullable(),
  memory: z.number().min(0).max(1).nullable(),
});

/** GET /api/panel/settings (panel.settings). Secrets are never sent back: only whether they are set. */
export const panelSettingsSchema = z.object({
  notice: panelNoticeSchema,
  /** '' = the host of PUBLIC_URL. */
  domain: z.string(),
  effectiveDomain: z.string(),
  links: panelLinksSchema,
  thresholds: panelThresholdsSchema,
  environmentThresholds: z.object({ cpu: z.number(), memory: z.number() }),
  secrets: z.object({
    steamApiKey: z.object({ set: z.boolean(), source: z.enum(['settings', 'environment', 'none']) }),
    sentryDsn: z.object({ set: z.boolean(), source: z.enum(['settings', 'environment', 'none']) }),
  }),
  signIn: z.object({
    steam: z.object({ enabled: z.literal(true), namesAndAvatars: z.boolean() }),
    /** configured: DISCORD_CLIENT_ID/SECRET are set; enabled: offered on the login card. */
    discord: z.object({ configured: z.boolean(), enabled: z.boolean() }),
  }),
  /** Discussions' posting rate limit and longest post (issue 13). */
  discussions: discussionLimitsSchema,
  /** Player reports: the reasons offered, the grouping window and the per-reporter limit (issue 15). */
  reports: reportSettingsSchema,
  /**
   * Issue 31 item 8, off by default: a game server's token may also lift a ban issued on the web
   * or by another server when the admin it names holds bans.unban, is one of its in-game admins,
   * and that server's own plugin events show them connected to it at that moment.
   */
  trustInGameUnbans: z.boolean(),
  /** Warnings (issue 25 item 5): how long one stays active and the ladder of automatic bans. */
  warnings: warningSettingsSchema,
  /** Issue 25 item 1: how many minutes back a server's "seen recently" players reach (default 60). */
  recentPlayersMinutes: recentPlayersMinutesSchema,
});
export type PanelSettings = z.infer<typeof panelSettingsSchema>;

const domainSchema = z
  .string()
  .trim()
  .max(253)
  .regex(/^$|^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/i, 'Must be a host name')
  // Five digits also match 0 and 65536 to 99999, which no URL can carry (new URL() throws on them
  // wherever the domain is used); a leading zero is refused so the stored value is the one shown.
  .refine((value) => {
    const port = /:(\d+)$/.exec(value)?.[1];
    return port === undefined || (/^[1-9]\d*$/.test(port) && Number(port) <= 65_535);
  }, 'The port must be a number from 1 to 65535');

/**
 * PUT /api/panel/settings: every field optional (absent = unchanged). Secrets: a string
 * sets, null clears.
 */
export const panelSettingsUpdateSchema = z
  .object({
    notice: panelNoticeSchema.optional(),
    domain: domainSchema.optional(),
    links: panelLinksSchema.partial().optional(),
    thresholds: panelThresholdsSchema.partial().optional(),
    steamApiKey: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9]{8,100}$/, 'A Steam Web API key is 8 to 100 letters and digits')
      .nullable()
      .optional(),
    sentryDsn: z
      .string()
      .trim()
      .max(500)
      .regex(/^https?:\/\/[^\s@]+@[^\s/]+\/\S+$/, 'A Sentry DSN looks like https://key@host/project')
      .nullable()
      .optional(),
    discordSignIn: z.boolean().optional(),
    discussions: discussionLimitsSchema.partial().optional(),
    reports: reportSettingsSchema.partial().optional(),
    trustInGameUnbans: z.boolean().optional(),
    warnings: warningSettingsSchema.partial().optional(),
    recentPlayersMinutes: recentPlayersMinutesSchema.optional(),
  })
  .strict();
export type PanelSettingsUpdate = z.infer<typeof panelSettingsUpdateSchema>;

/**
 * What a role's holders may give (issue 25 item 4): the longest ban and the longest comm block
 * (mute, gag, silence) in seconds, null = no limit (permanent included); with a limit set, a
 * permanent one only when mayGivePermanent; and whether they may lift bans others gave. A
 * holder's limit is the most generous over their roles that carry a ban power.
 */
export const roleLimitsSchema = z
  .object({
    banMaxSeconds: z.number().int().min(60).max(MAX_BAN_LENGTH_SECONDS).nullable(),
    commMaxSeconds: z.number().int().min(60).max(MAX_BAN_LENGTH_SECONDS).nullable(),
    mayGivePermanent: z.boolean(),
    mayLiftOthers: z.boolean(),
    /**
     * The server groups its holders' bans are held to (issue 25 item 3): bans on those groups or
     * their servers only. Null or absent: any scope, the whole community included.
     */
    banGroupIds: z.array(z.string().min(1).max(64)).max(100).nullable().optional(),
  })
  .strict();
export type RoleLimits = z.infer<typeof roleLimitsSchema>;
/** A new role, and every role before limits existed: no limit, may lift others' bans. */
export const UNLIMITED_ROLE: RoleLimits = {
  banMaxSeconds: null,
  commMaxSeconds: null,
  mayGivePermanent: false,
  mayLiftOthers: true,
  banGroupIds: null,
};

/** A role as the panel edits it. */
export const panelRoleSchema = z.object({
  id: z.string(),
  name: z.string(),
  codes: z.array(z.string()),
  flags: z.string(),
  immunityLevel: z.number().int(),
  holders: z.number().int(),
  limits: roleLimitsSchema,
});
export type PanelRole = z.infer<typeof panelRoleSchema>;
export const panelRolesResponseSchema = z.object({ roles: z.array(panelRoleSchema) });

const roleNameSchema = z
  .string()
  .trim()
  .min(1, 'A role needs a name')
  .max(64)
  .refine((value) => ![...value].some((char) => char.charCodeAt(0) < 32), 'No control characters');
const permissionPatternSchema = z.string().trim().min(1).max(200);

export const panelRoleInputSchema = z
  .object({
    name: roleNameSchema,
    codes: z.array(permissionPatternSchema).max(100),
    flags: z
      .string()
      .max(26)
      .regex(/^[a-tz]*$/, 'Only admin flag letters a-t and z'),
    immunityLevel: z.number().int().min(0).max(100),
    /** Absent: a new role has none (UNLIMITED_ROLE); an edit keeps the role's. */
    limits: roleLimitsSchema.optional(),
  })
  .strict();
export type PanelRoleInput = z.infer<typeof panelRoleInputSchema>;
export const panelRoleUpdateSchema = panelRoleInputSchema.partial().strict();

export const panelRoleDeleteQuerySchema = z.object({ reassignTo: z.string().min(1).max(64).optional() });

export const panelUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  steamid: z.string().nullable(),
  immunityLevel: z.number().int(),
});
export type PanelUser = z.infer<typeof panelUserSchema>;
export const panelUsersResponseSchema = z.object({ users: z.array(panelUserSchema) });
export const panelUserSearchQuerySchema = z.object({ q: z.string().trim().max(100).default('') });
export const panelRoleHolderBodySchema = z.object({ userId: z.string().min(1).max(64) }).strict();

/** POST /api/panel/announcements (panel.announce). */
export const announcementAudienceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('everyone') }),
  z.object({ kind: z.literal('role'), roleId: z.string().min(1).max(64) }),
  z.object({ kind: z.literal('user'), userId: z.string().min(1).max(64) }),
]);
export const announcementSchema = z
  .object({
    audience: announcementAudienceSchema,
    level: notificationLevelSchema,
    message: z.string().trim().min(1, 'Write a message').max(1000),
    /** A path on this site ('/events/3') or an http(s) URL; '' or absent = none. */
    link: z
      .string()
      .trim()
      .max(2000)
      .refine((value) => value === '' || /^\/(?!\/)\S*$/.test(value) || /^https?:\/\/\S+$/i.test(value), {
        message: 'A link is a path on this site (/...) or an http(s) URL',
      })
      .optional(),
  })
  .strict();
export type Announcement = z.infer<typeof announcementSchema>;
export const announcementResultSchema = z.object({ recipients: z.number().int() });
/** GET /api/panel/announcements/audiences (panel.announce): the roles to pick from, and how many users there are. */
export const announcementAudiencesSchema = z.object({
  users: z.number().int(),
  roles: z.array(z.object({ id: z.string(), name: z.string(), holders: z.number().int() })),
});

/** What a staff member is alerted about (GET/PUT /api/panel/alerts, panel.alerts). */
export const alertSubscriptionSchema = z
  .object({
    serverStatus: z.boolean(),
    instances: z.boolean(),
  })
  .strict();
export type AlertSubscription = z.infer<typeof alertSubscriptionSchema>;

/** At most one status alert per server in this window while it flaps. */
export const ALERT_QUIET_SECONDS = 600;

export const panelInstanceHealthSchema = z.object({
  id: z.string(),
  version: z.string(),
  startedAt: z.number(),
  uptimeSeconds: z.number(),
  lastSeen: z.number(),
  openStreams: z.number().int(),
  poller: z
    .object({
      lastSweepAt: z.number(),
      durationMs: z.number(),
      servers: z.number().int(),
      answered: z.number().int(),
    })
    .nullable(),
});
export const panelHealthSchema = z.object({
  database: z.object({ kind: z.enum(['sqlite', 'postgres']), reachable: z.boolean(), latencyMs: z.number() }),
  instances: z.array(panelInstanceHealthSchema),
  /** The instance that answered. */
  thisInstance: z.string(),
  /** The last `pnpm outpost backup` (issue 24); null: none yet. */
  lastBackup: z.optional(
    z.nullable(
      z.object({
        at: z.number(),
        kind: z.enum(['sqlite', 'pg_dump', 'export']),
        bytes: z.number(),
        seconds: z.number(),
      }),
    ),
  ),
});
export type PanelHealth = z.infer<typeof panelHealthSchema>;

/**
 * The catalogue codes a set of glob patterns grants (the role editor's live preview). A
 * catalogue family such as 'servers.action.*' counts when a pattern grants any member of it.
 */
export function codesMatchedBy(patterns: readonly string[]): string[] {
  const valid = patterns.filter((pattern) => pattern.length > 0 && pattern.length <= MAX_PERMISSION_PATTERN_LENGTH);
  return Object.keys(PERMISSION_CATALOGUE).filter((code) => {
    if (!code.endsWith('*')) return hasPermission(valid, code);
    const prefix = code.slice(0, -1);
    return hasPermission(valid, `${prefix}any-action`) || valid.some((pattern) => pattern.startsWith(prefix));
  });
}

/**
 * The setup guide's and settings' "Test" buttons (issue 24 item 2): a Steam Web API key or a
 * Discord application checked against the provider once, nothing saved. Only the verdict and a
 * fixed message come back: never the secret, the provider's answer or an address.
 */
export const credentialCheckSchema = z.object({
  result: z.enum(['ok', 'invalid', 'unreachable']),
  message: z.string(),
});
export type CredentialCheck = z.infer<typeof credentialCheckSchema>;

/** key: the key to try before saving it; absent, the key in use (saved, else STEAM_API_KEY). */
export const steamKeyCheckRequestSchema = z.object({ key: z.string().trim().min(1).max(200).optional() });
export type SteamKeyCheckRequest = z.infer<typeof steamKeyCheckRequestSchema>;

/** Both to try an application before configuring it; neither, the configured one (DISCORD_CLIENT_ID / _SECRET). */
export const discordAppCheckRequestSchema = z
  .object({
    clientId: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, 'A Discord client id is letters and digits (on Discord, a number)')
      .optional(),
    clientSecret: z.string().trim().min(1).max(200).optional(),
  })
  .refine((body) => (body.clientId === undefined) === (body.clientSecret === undefined), {
    message: 'Give both the client id and the secret, or neither to test the configured application',
  });
export type DiscordAppCheckRequest = z.infer<typeof discordAppCheckRequestSchema>;
