import type { LightMyRequestResponse } from 'fastify';
import { playersBansNotesService } from '../modules/players-bans-notes';
import { type FakeDiscordBot, startFakeDiscordBot } from './fakes/fake-discord-bot';
import { json, seedServer } from './players-bans-notes-fixtures';
import { type SignedIn, signInAs, startTestApp, type TestApp } from './test-app';
import type { TestDatabase } from './test-databases';

// The Discord tests' kit (issue 26): a linked account, the bot's settings saved by the owner, a
// signed interaction posted, a slash command's payload, and the staff room two test files share.
// Used by api/src/modules/discord's tests and bench/discord-interactions.bench.ts.

/** Links a Discord account to an Outpost user, as "Link Discord" in User Settings would. */
export async function linkDiscord(t: TestApp, userId: string, discordId: string): Promise<void> {
  const link = { user_id: userId, provider: 'discord', provider_user_id: discordId, username: `u${discordId}` };
  const tokens = { access_token: 'unused', refresh_token: null, expires_at: 0, expired: 0 };
  await t.database.db
    .insertInto('provider_links')
    .values({ ...link, ...tokens, avatar_url: null, created_at: 1 })
    .execute();
}

/** The owner saves the fake bot's application id, public key and token (and `extra`); throws unless 200. */
export async function saveDiscordBot(
  t: TestApp,
  owner: SignedIn,
  discord: FakeDiscordBot,
  extra: Record<string, unknown> = {},
): Promise<void> {
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/api/panel/discord-bot',
    headers: owner.headers,
    payload: {
      applicationId: discord.applicationId,
      publicKey: discord.publicKeyHex,
      botToken: discord.botToken,
      ...extra,
    },
  });
  if (saved.statusCode !== 200) throw new Error(`bot settings: ${saved.statusCode} ${saved.body}`);
}

/** POST /api/discord/interactions with `payload` signed by the fake bot's key (headers added on top). */
export function postInteraction(
  t: TestApp,
  discord: FakeDiscordBot,
  payload: unknown,
  options: { timestamp?: number; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  const body = JSON.stringify(payload);
  return t.app.inject({
    method: 'POST',
    url: '/api/discord/interactions',
    payload: body,
    headers: { ...discord.signedHeaders(body, { timestamp: options.timestamp }), ...(options.headers ?? {}) },
  });
}

/** A slash command's options as Discord sends them: [{ name, value }]. */
export const commandOptions = (options: Record<string, string>) =>
  Object.entries(options).map(([name, value]) => ({ name, value }));

let tokens = 0;
/** A slash command (type 2) from `discordId` (none: sent outside a guild), with a fresh token. */
export const slashCommand = (
  discordId: string | null,
  name: string,
  options: { name: string; value: unknown }[] = [],
  id = '300000000000000001',
) => ({
  type: 2,
  id,
  token: `interaction-token-${++tokens}`,
  data: { name, options },
  ...(discordId ? { member: { user: { id: discordId } } } : {}),
});

/** The staff room of discord.test.ts and discord-write-commands.test.ts: who is who. */
export const ROOM = {
  player: '76561197960287930',
  /** A staff member with a higher immunity than the moderator's. */
  senior: '76561197960265733',
  /** A player to ban. */
  target: '76561197960265999',
  discord: {
    owner: '200000000000000001',
    moderator: '200000000000000002',
    member: '200000000000000003',
    guarded: '200000000000000004',
  },
};

/**
 * An instance with the fake Discord bot saved, four linked accounts (owner; moderator with
 * players.view, bans.create, notes.create at immunity 10; guarded, the same but notes; member
 * with nothing), an unlinked senior (immunity 50), server s1, and the player seen, banned
 * and with two notes (one staff-only).
 */
export async function openStaffRoom(kind: TestDatabase) {
  const discord = await startFakeDiscordBot();
  const t = await startTestApp(kind, { DISCORD_API_URL: discord.apiUrl });
  const owner = await signInAs(t, { name: 'Owner', flags: 'z' });
  const moderator = await signInAs(t, {
    name: 'Moderator',
    codes: ['players.view', 'bans.create', 'notes.create'],
    immunity: 10,
  });
  await signInAs(t, { name: 'Senior', steamid: ROOM.senior, codes: ['bans.create'], immunity: 50 });
  const guarded = await signInAs(t, { name: 'Guarded', codes: ['players.view', 'bans.create'], immunity: 10 });
  const member = await signInAs(t, { name: 'Member' });
  await linkDiscord(t, owner.userId, ROOM.discord.owner);
  await linkDiscord(t, moderator.userId, ROOM.discord.moderator);
  await linkDiscord(t, member.userId, ROOM.discord.member);
  await linkDiscord(t, guarded.userId, ROOM.discord.guarded);
  await saveDiscordBot(t, owner, discord);
  await seedServer(t, 's1', 'Versus #1');
  await playersBansNotesService.recordSeen(t.database.db, ROOM.player, 'Ellis', Math.floor(Date.now() / 1000) - 3600);
  await t.app.inject({
    method: 'POST',
    url: '/api/bans',
    headers: owner.headers,
    payload: { steamid: ROOM.player, playerName: 'Ellis', reason: 'Wallhack on c2m1', length: 86_400 },
  });
  for (const [body, isPublic] of [
    ['Warned for mic spam', true],
    ['Staff only: alt of a banned player', false],
  ] as const)
    await t.app.inject({
      method: 'POST',
      url: '/api/notes',
      headers: owner.headers,
      payload: { steamid: ROOM.player, body, isPublic },
    });
  /** What the caller sees: the answer, or a deferred one's follow-up (through the fake Discord). */
  const answered = async (payload: ReturnType<typeof slashCommand>) => {
    const response = await postInteraction(t, discord, payload);
    if (response.statusCode !== 200) throw new Error(`interaction: ${response.statusCode} ${response.body}`);
    return discord.seen(json(response), payload.token);
  };
  return { t, discord, owner, moderator, guarded, member, answered };
}
