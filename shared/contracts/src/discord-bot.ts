import { z } from 'zod';

// Discord as the staff room (issue 26): Discord sends slash-command interactions to
// POST /api/discord/interactions, signed with the application's Ed25519 key. The panel keeps
// the application id, its public key and the bot token (a secret: only ever shown as set or
// not set) under /api/panel/discord-bot, and registers the commands with Discord from there.

/** A Discord id (a snowflake): digits only. */
export const snowflakeSchema = z
  .string()
  .trim()
  .regex(/^\d{5,25}$/, 'A Discord id is 5 to 25 digits');

/** GET /api/panel/discord-bot: never the token itself. */
export const discordBotSettingsSchema = z.object({
  applicationId: z.string().nullable(),
  publicKey: z.string().nullable(),
  botTokenSet: z.boolean(),
  /** The address to paste into the Discord application's "Interactions Endpoint URL". */
  interactionsUrl: z.string(),
  /** When the slash commands were last registered with Discord (seconds), or null. */
  commandsRegisteredAt: z.number().nullable(),
  /** The staff channel where the bot posts new report groups and appeals with buttons (issue 26 item 4), or null. */
  staffChannelId: z.string().nullable(),
  /** The guild (Discord server) where role sync gives and takes Discord roles (issue 26 item 5), or null. */
  guildId: z.string().nullable(),
});
export type DiscordBotSettings = z.infer<typeof discordBotSettingsSchema>;

/** PUT /api/panel/discord-bot: a field left out is kept; null clears it. */
export const discordBotSettingsChangeSchema = z
  .object({
    applicationId: snowflakeSchema.nullable().optional(),
    publicKey: z
      .string()
      .trim()
      .regex(/^[0-9a-fA-F]{64}$/, 'The public key is 64 hex digits, as the Discord application page shows it')
      .nullable()
      .optional(),
    botToken: z.string().trim().min(20, 'That is too short for a bot token').max(200).nullable().optional(),
    staffChannelId: snowflakeSchema.nullable().optional(),
    guildId: snowflakeSchema.nullable().optional(),
  })
  .strict();
export type DiscordBotSettingsChange = z.infer<typeof discordBotSettingsChangeSchema>;

/** POST /api/panel/discord-bot/commands: what Discord now lists. */
export const discordCommandsRegisteredSchema = z.object({
  registered: z.array(z.string()),
  registeredAt: z.number(),
});

/** Discord role sync (issue 26 item 5): per Outpost role, the Discord role its holders get. */
export const discordRoleLinkSchema = z.object({ roleId: z.string(), discordRoleId: z.string() });
export const discordRoleLinksSchema = z.object({ links: z.array(discordRoleLinkSchema) });
export type DiscordRoleLink = z.infer<typeof discordRoleLinkSchema>;
/** PUT /api/panel/discord-bot/roles/:roleId: the Discord role, or null to stop syncing this role. */
export const discordRoleLinkChangeSchema = z.object({ discordRoleId: snowflakeSchema.nullable() }).strict();
/** POST /api/panel/discord-bot/roles/resync: every member's Discord roles told again, as Outpost holds them. */
export const discordRoleResyncSchema = z.object({
  /** Accounts whose roles were recomputed (holders of a synced role, and those who held one). */
  members: z.number().int(),
  /** Role changes queued to Discord (each gives or takes one Discord role). */
  changes: z.number().int(),
});
export type DiscordRoleResync = z.infer<typeof discordRoleResyncSchema>;

/** POST /api/demo/discord (`pnpm demo` only): a typed slash command, sent as Demo moderator. */
export const discordDemoCommandSchema = z.object({ command: z.string().trim().min(1).max(500) }).strict();
/** What Discord would show for it. */
export const discordDemoAnswerSchema = z.object({
  content: z.string(),
  /** Only the caller would see it ("Only you can see this"). */
  ephemeral: z.boolean(),
  /** It came as "Outpost is thinking…" first, then edited through the interaction's token. */
  deferred: z.boolean(),
});
export type DiscordDemoAnswer = z.infer<typeof discordDemoAnswerSchema>;
