import { z } from 'zod';
/** Thrown when an environment variable has a bad value; the message names the variable. */
export declare class ConfigError extends Error {
  name: string;
}
declare const variables: {
  PORT: z.ZodDefault<z.ZodCoercedNumber<unknown>>;
  HOST: z.ZodDefault<z.ZodString>;
  PUBLIC_URL: z.ZodOptional<z.ZodURL>;
  DATABASE_URL: z.ZodDefault<z.ZodString>;
  LOG_LEVEL: z.ZodDefault<
    z.ZodEnum<{
      debug: 'debug';
      error: 'error';
      fatal: 'fatal';
      info: 'info';
      silent: 'silent';
      trace: 'trace';
      warn: 'warn';
    }>
  >;
  SITE_NAME: z.ZodDefault<z.ZodString>;
  WEB_ROOT: z.ZodOptional<z.ZodString>;
  REMOTES_REGISTRY: z.ZodOptional<z.ZodString>;
  BODY_LIMIT_BYTES: z.ZodDefault<z.ZodCoercedNumber<unknown>>;
};
type Variables = {
  [K in keyof typeof variables]: z.output<(typeof variables)[K]>;
};
export interface Config extends Omit<Variables, 'PUBLIC_URL' | 'WEB_ROOT' | 'REMOTES_REGISTRY'> {
  PUBLIC_URL: string;
  /** Folder holding shell/dist and remotes/<id>/dist; null serves the API only. */
  WEB_ROOT: string | null;
  REMOTES_REGISTRY: string;
}
/** Reads and validates the environment. The first bad variable stops start-up with its name. */
export declare function loadConfig(env?: Record<string, string | undefined>): Config;
