import path from 'node:path';
import { z } from 'zod';

/** Thrown when an environment variable has a bad value; the message names the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const port = z.coerce.number().int().min(0).max(65535);
const httpUrl = z.url({ protocol: /^https?$/ });
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const variables = {
  PORT: port.default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: httpUrl.optional(),
  DATABASE_URL: z
    .string()
    .regex(/^(sqlite:.+|postgres(ql)?:\/\/.+)$/, 'must be sqlite:<path> or postgres://...')
    .default('sqlite:./data/outpost.sqlite'),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  SITE_NAME: z.string().min(1).max(80).default('Outpost'),
  WEB_ROOT: z.string().min(1).optional(),
  REMOTES_REGISTRY: z.string().min(1).optional(),
  /** The community's external stats service; unset = no player stats. */
  STATS_API_URL: httpUrl.optional(),
  STATS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(64 * 1024 * 1024)
    .default(1024 * 1024),
};

type Variables = { [K in keyof typeof variables]: z.output<(typeof variables)[K]> };

export interface Config extends Omit<Variables, 'PUBLIC_URL' | 'WEB_ROOT' | 'REMOTES_REGISTRY'> {
  PUBLIC_URL: string;
  /** Folder holding shell/dist and remotes/<id>/dist; null serves the API only. */
  WEB_ROOT: string | null;
  REMOTES_REGISTRY: string;
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
  return {
    ...parsed,
    PUBLIC_URL: (parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/+$/, ''),
    WEB_ROOT: parsed.WEB_ROOT === 'none' ? null : path.resolve(parsed.WEB_ROOT ?? repositoryRoot),
    REMOTES_REGISTRY: path.resolve(parsed.REMOTES_REGISTRY ?? path.join(repositoryRoot, 'deploy/remotes.json')),
  };
}
