import type { DiscordBotSettings, DiscordBotSettingsChange } from '@outpost/contracts';
import type { Kysely } from 'kysely';
import { metaService } from '../meta';
import type { DiscordTables } from './tables';

// The Discord application's settings, in the site settings table. The bot token is a secret:
// the API uses it to call Discord and never sends it anywhere else.

const KEYS = {
  applicationId: 'discord.bot.applicationId',
  publicKey: 'discord.bot.publicKey',
  botToken: 'secrets.discordBotToken',
  registeredAt: 'discord.bot.commandsRegisteredAt',
  staffChannelId: 'discord.bot.staffChannelId',
  guildId: 'discord.bot.guildId',
} as const;

export interface BotSettings {
  applicationId: string | null;
  publicKey: string | null;
  botToken: string | null;
  commandsRegisteredAt: number | null;
  staffChannelId: string | null;
  guildId: string | null;
}

export async function readBotSettings(db: Kysely<DiscordTables>): Promise<BotSettings> {
  const [applicationId, publicKey, botToken, commandsRegisteredAt, staffChannelId, guildId] = await Promise.all([
    metaService.readSetting<string | null>(db, KEYS.applicationId, null),
    metaService.readSetting<string | null>(db, KEYS.publicKey, null),
    metaService.readSetting<string | null>(db, KEYS.botToken, null),
    metaService.readSetting<number | null>(db, KEYS.registeredAt, null),
    metaService.readSetting<string | null>(db, KEYS.staffChannelId, null),
    metaService.readSetting<string | null>(db, KEYS.guildId, null),
  ]);
  return { applicationId, publicKey, botToken, commandsRegisteredAt, staffChannelId, guildId };
}

/** What the panel shows: the token only as set or not set. */
export function shownSettings(settings: BotSettings, publicUrl: string): DiscordBotSettings {
  return {
    applicationId: settings.applicationId,
    publicKey: settings.publicKey,
    botTokenSet: settings.botToken !== null,
    interactionsUrl: `${publicUrl.replace(/\/+$/, '')}/api/discord/interactions`,
    commandsRegisteredAt: settings.commandsRegisteredAt,
    staffChannelId: settings.staffChannelId,
    guildId: settings.guildId,
  };
}

export async function writeBotSettings(db: Kysely<DiscordTables>, change: DiscordBotSettingsChange): Promise<void> {
  if (change.applicationId !== undefined) await metaService.writeSetting(db, KEYS.applicationId, change.applicationId);
  // Stored lower-case: Discord shows it so, and the signature check compares it as hex.
  if (change.publicKey !== undefined)
    await metaService.writeSetting(db, KEYS.publicKey, change.publicKey?.toLowerCase() ?? null);
  if (change.botToken !== undefined) await metaService.writeSetting(db, KEYS.botToken, change.botToken);
  if (change.staffChannelId !== undefined)
    await metaService.writeSetting(db, KEYS.staffChannelId, change.staffChannelId);
  if (change.guildId !== undefined) await metaService.writeSetting(db, KEYS.guildId, change.guildId);
}

export async function recordRegistration(db: Kysely<DiscordTables>, at: number): Promise<void> {
  await metaService.writeSetting(db, KEYS.registeredAt, at);
}
