// zod/mini: small schemas; the browser first load checks the profile and notifications with
// Shapes generated from these (browser.ts), not with zod.
import { z } from 'zod/mini';
import { LOCALES } from './locale';
import { restrictionLimitsSchema } from './role-limits';

export { NOTIFICATION_LEVELS } from './notification-levels';
// Limits per role travel in the permissions below; their rule is public with them.
export * from './role-limits';

// Shapes of SPEC sections 3 and 7 for accounts, sessions and notifications. The API
// validates and serialises with these; the shell parses with them.

export const notificationLevelSchema = z.int().check(z.minimum(0), z.maximum(4));

/**
 * GET /api/auth/notifications/sse streams these, each as `id: <id>` + `data: <json>`.
 * Resume point: the Last-Event-ID header or `?after=<id>` (the newest id the page holds).
 * Without one the stream starts with every stored notification (cleared ones are deleted),
 * so a client that holds the profile's list should skip ids it already has.
 */
export const notificationSchema = z.object({
  /** Server-assigned id; the SSE event id, so a reconnect resumes after it. */
  id: z.string(),
  /** Seconds since the epoch. */
  timestamp: z.number(),
  level: notificationLevelSchema,
  message: z.string(),
  link: z.optional(z.string()),
});
export type Notification = z.infer<typeof notificationSchema>;

export const permissionsSchema = z.object({
  codes: z.array(z.string()),
  flags: z.string(),
  immunityLevel: z.int(),
  base: z.nullable(z.string()),
  /** The longest ban and comm block the user may give, and whether they may lift others' (issue 25). */
  limits: z.optional(restrictionLimitsSchema),
});
export type Permissions = z.infer<typeof permissionsSchema>;

export const providerSchema = z.object({
  id: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  expired: z.boolean(),
  data: z.nullable(z.object({ avatarUrl: z.nullable(z.string()), username: z.nullable(z.string()) })),
});
export type Provider = z.infer<typeof providerSchema>;

export const profileResponseSchema = z.object({
  user: z.object({
    /** Display name. */
    name: z.string(),
    /** SteamID64. */
    accountid: z.string(),
    /** Outpost user id. */
    id: z.string(),
    avatarhash: z.nullable(z.string()),
  }),
  permissions: permissionsSchema,
  notifications: z.array(notificationSchema),
  impersonatingId: z.nullable(z.string()),
  /** `locale`: the language they chose in the language menu (a LOCALES code), null until they choose. */
  profile: z.object({
    birthMonth: z.nullable(z.int()),
    birthDate: z.nullable(z.int()),
    locale: z.nullable(z.string()),
  }),
  openDiscussions: z.int(),
  /** Keyed by provider id (e.g. 'discord'). */
  providers: z.record(z.string(), providerSchema),
});
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

export const loginSessionSchema = z.object({
  id: z.string(),
  ip: z.string(),
  countryCode: z.string(),
  /** Seconds since the epoch. */
  loginTime: z.number(),
  lastActive: z.number(),
  /** How the session proved itself (issue 31): the sign-in and the last second factor, if any. */
  signInMethod: z.string(),
  secondFactor: z.nullable(z.object({ method: z.enum(['totp', 'recovery', 'passkey']), at: z.number() })),
});
export const sessionsResponseSchema = z.object({
  currentSessionId: z.string(),
  sessions: z.array(loginSessionSchema),
});
export type LoginSession = z.infer<typeof loginSessionSchema>;

export const apiKeyInfoSchema = z.object({ id: z.string(), created: z.number(), lastUsed: z.nullable(z.number()) });
export const developerResponseSchema = z.object({ apikey: z.nullable(apiKeyInfoSchema) });
/** POST /api/auth/developer/apikey: the secret is returned once, here, and never again. */
export const createdApiKeyResponseSchema = z.object({ apikey: z.extend(apiKeyInfoSchema, { key: z.string() }) });

export const connectionsResponseSchema = z.array(providerSchema);

/** Days in each month; 29 for February, so a leap-day birthday can be kept. */
export const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/**
 * PUT /api/auth/profile/birthday: the member's birthday (month 1-12 and day), or both null to
 * forget it. The SPEC's birthday popup shows on that day.
 */
export const birthdaySchema = z
  .object({
    birthMonth: z.nullable(z.int().check(z.minimum(1), z.maximum(12))),
    birthDate: z.nullable(z.int().check(z.minimum(1), z.maximum(31))),
  })
  .check(
    z.refine((value) => (value.birthMonth === null) === (value.birthDate === null), {
      message: 'Give both the month and the day, or neither',
      path: ['birthDate'],
    }),
    z.refine(
      (value) => value.birthMonth === null || (value.birthDate ?? 0) <= (DAYS_IN_MONTH[value.birthMonth - 1] ?? 0),
      { message: 'That month has fewer days', path: ['birthDate'] },
    ),
  );
export type Birthday = z.infer<typeof birthdaySchema>;

export const impersonationResponseSchema = z.object({
  user: profileResponseSchema.shape.user,
  permissions: permissionsSchema,
});
export type ImpersonationResponse = z.infer<typeof impersonationResponseSchema>;

export const userLookupResponseSchema = z.object({
  user: z.object({
    id: z.string(),
    name: z.string(),
    steamid: z.nullable(z.string()),
    avatarhash: z.nullable(z.string()),
  }),
  adminData: z.optional(
    z.object({
      roles: z.array(z.object({ id: z.string(), name: z.string() })),
      flags: z.string(),
      immunityLevel: z.int(),
      codes: z.array(z.string()),
    }),
  ),
});
export type UserLookupResponse = z.infer<typeof userLookupResponseSchema>;

export const setupRequestSchema = z.object({ token: z.string().check(z.minLength(1), z.maxLength(200)) });
/** POST /api/panel/setup: the caller is now the owner. */
export const setupResponseSchema = z.object({ ok: z.literal(true) });
/** GET /api/panel/setup: whether the site still waits for its owner. */
export const setupStatusResponseSchema = z.object({ setupNeeded: z.boolean() });

/** PUT /api/auth/profile/locale: the signed-in user's language (issue 27), one of LOCALES. */
export const localePreferenceSchema = z.strictObject({ locale: z.enum(LOCALES) });
export type LocalePreference = z.infer<typeof localePreferenceSchema>;
