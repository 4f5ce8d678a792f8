import path from 'node:path';
import { z } from 'zod';
import { tokenFitsPurpose } from './lib/tokens';

/** Thrown when an environment variable has a bad value; the message names the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const port = z.coerce.number().int().min(0).max(65535);
const httpUrl = z.url({ protocol: /^https?$/ });
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const flag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');
const milliseconds = (min: number, max: number, fallback: number) =>
  z.coerce.number().int().min(min).max(max).default(fallback);

const variables = {
  PORT: port.default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: httpUrl.optional(),
  DATABASE_URL: z
    .string()
    .regex(/^(sqlite:.+|postgres(ql)?:\/\/.+)$/, 'must be sqlite:<path> or postgres://...')
    .default('sqlite:./data/outpost.sqlite'),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  /** auto: readable lines in a terminal, JSON lines otherwise (api/src/logging/log-output). */
  LOG_FORMAT: z.enum(['auto', 'pretty', 'json']).default('auto'),
  SITE_NAME: z.string().min(1).max(80).default('Outpost'),
  /** Set by `pnpm demo`: every page shows that this is a demo (made-up data, one-click sign-in). */
  DEMO_MODE: flag.default(false),
  WEB_ROOT: z.string().min(1).optional(),
  /**
   * Draw a visitor's first screen on the server (api/src/web/prerender), from the shell's and
   * the page's remote's own builds, in a separate process that may read only the builds. Off:
   * every page is drawn in the browser alone, as when a build has no prerender module.
   */
  PRERENDER: flag.default(true),
  REMOTES_REGISTRY: z.string().min(1).optional(),
  // Remote releases (issue 14): stored under <dir>/remotes/<id>/<version>/ (default: the web root).
  REMOTE_RELEASES_DIR: z.string().min(1).optional(),
  /** Releases per remote whose files stay available (older ones are pruned). */
  REMOTE_RELEASES_KEEP: z.coerce.number().int().min(1).max(100).default(5),
  REMOTE_RELEASE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(1024 * 1024 * 1024)
    .default(64 * 1024 * 1024),
  /** Load-failure reports a browser (IP) may send per minute. */
  REMOTE_BEACON_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100000).default(60),
  /** The community's external stats service; unset = no player stats. */
  STATS_API_URL: httpUrl.optional(),
  STATS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(64 * 1024 * 1024)
    .default(1024 * 1024),
  // Sign-in and the outside services it talks to: every endpoint is a setting so tests,
  // the demo and self-hosters can point it elsewhere.
  STEAM_OPENID_URL: httpUrl.default('https://steamcommunity.com/openid/login'),
  STEAM_API_KEY: z.string().min(8).max(100).optional(),
  STEAM_WEB_API_URL: httpUrl.default('https://api.steampowered.com'),
  STEAM_STATUS_URL: z
    .union([z.literal('none'), httpUrl])
    .default('https://api.steampowered.com/ISteamWebAPIUtil/GetServerInfo/v1/'),
  DISCORD_CLIENT_ID: z.string().min(1).max(100).optional(),
  DISCORD_CLIENT_SECRET: z.string().min(1).max(200).optional(),
  DISCORD_AUTHORIZE_URL: httpUrl.default('https://discord.com/oauth2/authorize'),
  DISCORD_TOKEN_URL: httpUrl.default('https://discord.com/api/oauth2/token'),
  DISCORD_REVOKE_URL: httpUrl.default('https://discord.com/api/oauth2/token/revoke'),
  DISCORD_API_URL: httpUrl.default('https://discord.com/api'),
  // Discord webhooks (modules/panel/webhooks): a stored Discord webhook URL is sent to this
  // base instead of https://discord.com (tests and self-hosters point it at a relay or a fake).
  DISCORD_WEBHOOK_URL: httpUrl.default('https://discord.com'),
  /** false: this instance queues deliveries but never sends them (another instance does). */
  WEBHOOKS_SEND: flag.default(true),
  WEBHOOK_TIMEOUT_MS: milliseconds(100, 120_000, 10_000),
  /** How often the delivery worker looks for due deliveries (a queued one also wakes it). */
  WEBHOOK_POLL_INTERVAL_MS: milliseconds(20, 60_000, 1000),
  /** First back-off after a 5xx or no answer; doubled per attempt (a 429 waits what Discord says). */
  WEBHOOK_RETRY_BASE_MS: milliseconds(10, 600_000, 5000),
  /** Finished deliveries are kept this many days (and at most 100 per webhook). */
  WEBHOOK_HISTORY_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  // Federation (issue 29): how often each subscribed feed is read, and the hosts (host or
  // host:port, comma-separated) the operator trusts on a private network (a sister site on the
  // LAN, tests on loopback); every other subscribed address must be public.
  FEDERATION_POLL_INTERVAL_MS: milliseconds(100, 86_400_000, 60_000),
  FEDERATION_TRUSTED_HOSTS: z
    .string()
    .regex(/^[A-Za-z0-9.:,[\] -]*$/, 'must be host or host:port entries separated by commas')
    .default(''),
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d{1,2}|[0-9a-fA-F:.,/ ]+)$/, 'must be true, false, a hop count or a list of proxy addresses')
    .default('false'),
  TRUSTED_COUNTRY_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,64}$/, 'must be an HTTP header name such as cf-ipcountry')
    .optional(),
  SENTRY_DSN: httpUrl.optional(),
  SENTRY_ENVIRONMENT: z.string().min(1).max(64).default('production'),
  OUTPOST_SETUP_TOKEN: z
    .string()
    .min(16, 'must be at least 16 characters')
    .max(200)
    // A value that starts like another token's purpose (an API key's opk_, a session's opse_...) would
    // be refused when claimed: say so at start instead.
    .refine(
      (value) => tokenFitsPurpose('setup', value),
      'must not start with another token kind’s prefix (opk_, opse_, ...)',
    )
    .optional(),
  SSE_HEARTBEAT_SECONDS: z.coerce.number().min(0.05).max(300).default(25),
  // Connection caps and time-outs (plugins/connection-limits.ts), stream caps.
  MAX_CONNECTIONS: z.coerce.number().int().min(10).max(1_000_000).default(900),
  MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(0).max(1_000_000).default(100),
  HEADERS_TIMEOUT_MS: milliseconds(1000, 600_000, 10_000),
  REQUEST_TIMEOUT_MS: milliseconds(1000, 3_600_000, 30_000),
  KEEP_ALIVE_TIMEOUT_MS: milliseconds(100, 600_000, 5000),
  SSE_MAX_STREAMS_PER_USER: z.coerce.number().int().min(1).max(1000).default(5),
  SSE_MAX_STREAMS_PER_IP: z.coerce.number().int().min(1).max(100_000).default(20),
  // A SQLite write waits this long (without blocking) for another writer, then answers 503.
  SQLITE_BUSY_WAIT_MS: milliseconds(0, 30_000, 1000),
  // A login session ends this long after sign-in however active it is (besides 30 days unused).
  SESSION_ABSOLUTE_LIFETIME_HOURS: z.coerce.number().int().min(1).max(87_600).default(2160),
  // A dangerous action needs a second factor proved this recently (when the user has one).
  STEP_UP_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1440).default(10),
  SIGNIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100000).default(30),
  // Game-server status poller (modules/servers/poller).
  /** How often each instance looks for events starting within the hour (0: never, e.g. a read-only replica). */
  EVENT_REMINDER_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  POLLER_ENABLED: flag.default(true),
  POLL_INTERVAL_MS: milliseconds(1000, 3_600_000, 15_000),
  POLL_TIMEOUT_MS: milliseconds(100, 30_000, 2000),
  POLL_CONCURRENCY: z.coerce.number().int().min(1).max(5000).default(250),
  // Server actions over Source RCON.
  RCON_TIMEOUT_MS: milliseconds(100, 120_000, 5000),
  RCON_STOP_COMMAND: z.string().min(1).max(200).default('quit'),
  /** Seconds before a plugin command handed out and not acknowledged is handed out again (issue 25). */
  GAME_COMMAND_REDELIVER_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  /** Seconds between the command socket's pings and token re-checks: a dead or rotated socket goes within two. */
  GAME_COMMAND_PING_SECONDS: z.coerce.number().int().min(1).max(300).default(30),
  // New instances (modules/servers/provisioning).
  DOCKER_HOST: z
    .string()
    .regex(/^(unix:\/\/\/.+|tcp:\/\/.+|https?:\/\/.+)$/, 'must be unix:///path, tcp://host:port or http(s)://host:port')
    .default('unix:///var/run/docker.sock'),
  PROVISION_COMMAND: z.string().min(1).max(2000).optional(),
  PROVISION_TIMEOUT_MS: milliseconds(1000, 600_000, 120_000),
  PROVISION_HOSTNAME: z.string().min(1).max(255).optional(),
  PROVISION_IP: z.string().min(1).max(64).default('127.0.0.1'),
  PROVISION_PORTS: z
    .string()
    .regex(/^\d{1,5}-\d{1,5}$/, 'must be a range like 27100-27199')
    .refine((range) => {
      const [low, high] = range.split('-').map(Number) as [number, number];
      return low >= 1 && high <= 65535 && low <= high;
    }, 'must be a range of ports low-high within 1-65535')
    .default('27100-27199'),
  /** Load per CPU core; an instance starts only when current and average load are 0.02 below it. */
  CPU_THRESHOLD: z.coerce.number().min(0).max(1000).default(0.9),
  /** Fraction of memory that must stay available (0..1). */
  MEMORY_THRESHOLD: z.coerce.number().min(0).max(1).default(0.1),
  // Addon files (modules/shares-addons, api/src/storage).
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  STORAGE_DIR: z.string().min(1).default('./data/files'),
  STORAGE_STAGING_DIR: z.string().min(1).default('./data/staging'),
  S3_ENDPOINT: httpUrl.optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name')
    .optional(),
  S3_REGION: z.string().min(1).max(64).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).max(200).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).max(200).optional(),
  S3_FORCE_PATH_STYLE: flag.default(true),
  ADDON_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(64 * 1024 ** 3)
    .default(2 * 1024 ** 3),
  WORKSHOP_API_URL: httpUrl.default('https://api.steampowered.com'),
  WORKSHOP_FILE_HOSTS: z
    .string()
    .regex(/^[A-Za-z0-9.:[\]-]+(,[A-Za-z0-9.:[\]-]+)*$/, 'must be a comma-separated list of host or host:port')
    .default('steamusercontent-a.akamaihd.net,cdn.steamusercontent.com,cloud-3.steampowered.com'),
  WORKSHOP_TIMEOUT_MS: milliseconds(1000, 600_000, 30_000),
};

type Variables = { [K in keyof typeof variables]: z.output<(typeof variables)[K]> };

export interface Config
  extends Omit<
    Variables,
    'PUBLIC_URL' | 'WEB_ROOT' | 'REMOTES_REGISTRY' | 'REMOTE_RELEASES_DIR' | 'TRUST_PROXY' | 'TRUSTED_COUNTRY_HEADER'
  > {
  PUBLIC_URL: string;
  /** Fastify's trustProxy: false, true, a hop count or a list of proxy addresses. */
  TRUST_PROXY: boolean | number | string;
  /** Lower-case header name a trusted proxy fills with the client's country, or null. */
  TRUSTED_COUNTRY_HEADER: string | null;
  /** Folder holding shell/dist and remotes/<id>/dist; null serves the API only. */
  WEB_ROOT: string | null;
  REMOTES_REGISTRY: string;
  /** Folder whose remotes/<id>/<version>/ hold remote releases; null: publishing is off. */
  REMOTE_RELEASES_DIR: string | null;
}

const repositoryRoot = path.resolve(import.meta.dirname, '../..');

/** Reads and validates the environment. The first bad variable stops start-up with its name. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const values: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(variables)) {
    const raw = env[name] === '' ? undefined : env[name];
    const parsed = (schema as z.ZodType).safeParse(raw);
    if (!parsed.success) {
      const reason = parsed.error.issues[0]?.message ?? 'invalid value';
      throw new ConfigError(`Invalid environment variable ${name}=${JSON.stringify(raw)}: ${reason}`);
    }
    values[name] = parsed.data;
  }
  const parsed = values as Variables;
  if (parsed.STORAGE_DRIVER === 's3') {
    for (const name of ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      if (!parsed[name]) throw new ConfigError(`Invalid environment variable ${name}: required when STORAGE_DRIVER=s3`);
    }
  }
  const webRoot = parsed.WEB_ROOT === 'none' ? null : path.resolve(parsed.WEB_ROOT ?? repositoryRoot);
  return {
    ...parsed,
    PUBLIC_URL: (parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/+$/, ''),
    WEB_ROOT: webRoot,
    REMOTE_RELEASES_DIR: parsed.REMOTE_RELEASES_DIR ? path.resolve(parsed.REMOTE_RELEASES_DIR) : webRoot,
    REMOTES_REGISTRY: path.resolve(parsed.REMOTES_REGISTRY ?? path.join(repositoryRoot, 'deploy/remotes.json')),
    STORAGE_DIR: path.resolve(parsed.STORAGE_DIR),
    STORAGE_STAGING_DIR: path.resolve(parsed.STORAGE_STAGING_DIR),
    TRUST_PROXY: parseTrustProxy(parsed.TRUST_PROXY),
    TRUSTED_COUNTRY_HEADER: parsed.TRUSTED_COUNTRY_HEADER?.toLowerCase() ?? null,
  };
}

function parseTrustProxy(value: string): boolean | number | string {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}
