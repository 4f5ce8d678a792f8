// zod/mini: the shell parses /api/meta on every first load, so this file stays out of classic zod.
import { z } from 'zod/mini';
import { LINK_SETTING_KEYS, type LinkName } from './servers-links';

export const noticeSchema = z.object({
  enabled: z.boolean(),
  /** Markdown; line breaks render as breaks. */
  text: z.string(),
  /** A style class for the notice box, e.g. 'is-info', 'is-warning'. */
  class: z.string(),
});

/**
 * How the shell signs people in (SPEC 7). Steam: the hidden form POSTs to `openidUrl` with
 * openid.realm = `realm`, openid.return_to = `callbackUrl` + '?return_uri=' +
 * encodeURIComponent(location.origin + current path), openid.mode = 'checkid_setup',
 * openid.ns = 'http://specs.openid.net/auth/2.0' and identity/claimed_id =
 * 'http://specs.openid.net/auth/2.0/identifier_select'.
 * Discord: navigate to `/api/auth/discord/login?return_uri=` + current path, only when enabled.
 */
export const loginProvidersSchema = z.object({
  steam: z.object({
    openidUrl: z.string(),
    realm: z.string(),
    callbackUrl: z.string(),
  }),
  discord: z.object({ enabled: z.boolean() }),
});
export type LoginProviders = z.infer<typeof loginProvidersSchema>;

/** Error reporting: present only when the server has SENTRY_DSN configured. */
export const sentryConfigSchema = z.object({ dsn: z.string(), environment: z.string() });

export const metaResponseSchema = z.object({
  settings: z.object({
    notice: noticeSchema,
    domain: z.string(),
  }),
  /** SPEC 3, from a cached Steam status check: false only when Steam is known to be offline. */
  steamAvailable: z.boolean(),
  /** The check's three answers: unknown when Steam could not be asked (no network, or the check is off); absent = unknown. */
  steamStatus: z.optional(z.enum(['online', 'offline', 'unknown'])),
  siteName: z.string(),
  /** True when this is `pnpm demo`: the shell shows the demo banner on every page. */
  demo: z.optional(z.boolean()),
  loginProviders: loginProvidersSchema,
  sentry: z.nullable(sentryConfigSchema),
  /** The community links that are set (the rest answer LINK_NOT_SET): the nav and /links offer only these. */
  links: z._default(z.array(z.enum(Object.keys(LINK_SETTING_KEYS) as [LinkName, ...LinkName[]])), []),
});
export type MetaResponse = z.infer<typeof metaResponseSchema>;
export type Notice = z.infer<typeof noticeSchema>;
export type SentryConfig = z.infer<typeof sentryConfigSchema>;
