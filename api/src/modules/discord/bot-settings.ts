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
  // One query: every interaction reads these before anything else (the public key checks its signature).
  const stored = await metaService.readSettings(db, Object.values(KEYS));
  const text = (key: string) => {
    const value = stored.get(key);
    return typeof value === 'string' ? value : null;
  };
  const registeredAt = stored.get(KEYS.registeredAt);
  return {
    applicationId: text(KEYS.applicationId),
    publicKey: text(KEYS.publicKey),
    botToken: text(KEYS.botToken),
    commandsRegisteredAt: typeof registeredAt === 'number' ? registeredAt : null,
    staffChannelId: text(KEYS.staffChannelId),
    guildId: text(KEYS.guildId),
  };
}

/**
 * What every interaction needs before anything else (the key to check its signature, the
 * application to follow up through), read at most once a second per instance: a deferred
 * answer then waits for no database at all, however busy it is. A change saved on this
 * instance applies at once; one saved on another within a second.
 */
const KEYS_FRESH_MS = 1000;
const interactionKeysRead = new WeakMap<object, { at: number; keys: Promise<InteractionKeys> }>();
export type InteractionKeys = Pick<BotSettings, 'publicKey' | 'applicationId'>;

export function interactionKeys(db: Kysely<DiscordTables>): Promise<InteractionKeys> {
  const known = interactionKeysRead.get(db);
  if (known && performance.now() - known.at < KEYS_FRESH_MS) return known.keys;
  const keys = readBotSettings(db).then(({ publicKey, applicationId }) => ({ publicKey, applicationId }));
  interactionKeysRead.set(db, { at: performance.now(), keys });
  // A failed read is not kept.
  keys.catch(() => interactionKeysRead.delete(db));
  return keys;
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
  interactionKeysRead.delete(db);
}

export async function recordRegistration(db: Kysely<DiscordTables>, at: number): Promise<void> {
  await metaService.writeSetting(db, KEYS.registeredAt, at);
}
