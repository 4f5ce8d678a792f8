import type { Kysely } from 'kysely';
import { toJsonColumn } from '../db/json-column';
import type { Database } from '../db/schema';
import { type Actor, accountsService } from '../modules/accounts';
import { discussEventsService } from '../modules/discuss-events';
import { gameService } from '../modules/game';
import { metaService } from '../modules/meta';
import { panelService } from '../modules/panel';
import { playersBansNotesService } from '../modules/players-bans-notes';
import { serversService } from '../modules/servers';
import { sharesAddonsService } from '../modules/shares-addons';
import { DEMO_ACCOUNTS, type DemoAccountKey } from './demo-accounts';
import { DEMO_GROUPS, type RunningFleet } from './demo-fleet';
import type { NewGameEvent, PluginClient } from './plugin-client';
import { CHAT_LINES, type SimPlayer } from './population';

// The demo's data, written through the modules' doors (never their tables): accounts and
// roles, server groups pointing at the simulated servers, plugin tokens, bans and comm
// blocks, notes, an open appeal, a report, a share, a discussion, an event and a welcome notice. Players and the chat log come from the
// simulated plugin through the plugin API (backfillHistory), as on a real community.

/** What the moderator role may do: moderation, without the panel or servers. */
export const MODERATOR_CODES = [
  'players.view',
  'bans.create',
  'bans.edit',
  'bans.unban',
  'notes.view-private',
  'notes.create',
  'notes.edit',
  'logs.view',
  'shares.view',
  'discuss.use',
  'appeals.manage',
  'reports.manage',
];
export const MEMBER_CODES = ['discuss.use', 'shares.view'];

export interface SeededDemo {
  accounts: Record<DemoAccountKey, { userId: string; steamId: string; name: string }>;
  /** Plugin tokens by server id (Source servers only). */
  tokens: Record<string, string>;
  /** Simulated players banned before the demo opens (the world sees them kicked on connect). */
  bannedSteamIds: string[];
}

const restartAction = {
  name: 'Restart round',
  command: 'mp_restartgame 1',
  description: 'Restarts the round over RCON',
  color: 'is-warning',
  requiresFeatures: [],
  showWhen: 'online',
  isHidden: false,
};

export async function seedDemo(
  db: Kysely<Database>,
  fleet: RunningFleet,
  population: SimPlayer[],
): Promise<SeededDemo> {
  const accounts = {} as SeededDemo['accounts'];
  for (const account of DEMO_ACCOUNTS) {
    const userId = await accountsService.upsertSteamUser(db, account.steamId, { name: account.name, avatarHash: null });
    accounts[account.key] = { userId, steamId: account.steamId, name: account.name };
  }
  await panelService.assignOwner(db, accounts.owner.userId);
  await accountsService.insertRole(db, {
    id: 'moderator',
    name: 'Moderator',
    codes: MODERATOR_CODES,
    flags: 'bcdefgjk',
    immunityLevel: 50,
  });
  await accountsService.addHolder(db, 'moderator', accounts.moderator.userId);
  await accountsService.insertRole(db, {
    id: 'member',
    name: 'Member',
    codes: MEMBER_CODES,
    flags: '',
    immunityLevel: 0,
  });
  await accountsService.addHolder(db, 'member', accounts.member.userId);

  const now = Math.floor(Date.now() / 1000);
  for (const [index, group] of DEMO_GROUPS.entries()) {
    await serversService.insertGroup(db, {
      id: group.id,
      name: group.name,
      description: group.description,
      game: group.game,
      type: 'others',
      template_id: null,
      actions: toJsonColumn(group.game === 'minecraft' ? [] : [restartAction]),
      tags: toJsonColumn([]),
      sort_order: index,
      created_at: now,
    });
  }
  const tokens: Record<string, string> = {};
  for (const [index, server] of fleet.servers.entries()) {
    await serversService.insertServer(db, {
      id: server.id,
      group_id: server.groupId,
      name: server.name,
      host: '127.0.0.1',
      ip: '127.0.0.1',
      port: server.port,
      query_port: null,
      rcon_port: server.rconPort,
      rcon_password: server.rconPort === null ? null : fleet.rconPassword,
      tags: toJsonColumn(server.tags),
      features: toJsonColumn([]),
      actions: toJsonColumn([]),
      status: null,
      status_updated_at: null,
      sort_order: index,
      created_at: now,
    });
    if (server.game !== 'minecraft') tokens[server.id] = await gameService.rotateToken(db, server.id);
  }

  const owner: Actor = { id: accounts.owner.userId, name: accounts.owner.name };
  const moderator: Actor = { id: accounts.moderator.userId, name: accounts.moderator.name };
  // The last players of the population start banned or muted; the rest play.
  const [cheater, griefer, spammer, shouter] = population.slice(-4) as [SimPlayer, SimPlayer, SimPlayer, SimPlayer];
  const ban = (
    player: SimPlayer,
    input: { type: 'ban' | 'mute' | 'gag' | 'silence'; reason: string; length: number | null; serverId?: string },
    actor: Actor,
  ) => playersBansNotesService.createBan(db, { ...input, steamid: player.steamid, playerName: player.name }, actor);
  await ban(cheater, { type: 'ban', reason: 'Aimbot (demo record)', length: null, serverId: 'cs2-dust2' }, owner);
  await ban(
    griefer,
    { type: 'ban', reason: 'Team killing on purpose', length: 7 * 86400, serverId: 'l4d2-versus-1' },
    moderator,
  );
  await ban(spammer, { type: 'gag', reason: 'Chat spam', length: 86400 }, moderator);
  await ban(shouter, { type: 'mute', reason: 'Mic spam', length: 3 * 3600 }, moderator);

  const regular = population[0] as SimPlayer;
  const helper = population[1] as SimPlayer;
  await playersBansNotesService.createNote(
    db,
    { steamid: regular.steamid, body: 'Regular on the coop servers, **always** helps newcomers.', isPublic: true },
    moderator,
  );
  await playersBansNotesService.createNote(
    db,
    { steamid: helper.steamid, body: 'Asked about becoming a moderator; check again next month.', isPublic: false },
    owner,
  );
  await playersBansNotesService.createNote(
    db,
    { steamid: griefer.steamid, body: 'Second team-kill ban; the next one is permanent.', isPublic: false },
    moderator,
  );

  // Demo member is gagged and has appealed it: the appeals queue has something to decide, and
  // signed in as the member one sees the player's side.
  const member = { id: accounts.member.userId, name: accounts.member.name };
  const gag = await playersBansNotesService.createBan(
    db,
    {
      type: 'gag',
      reason: 'Shouting over the round start',
      length: 2 * 86400,
      steamid: accounts.member.steamId,
      playerName: accounts.member.name,
    },
    moderator,
  );
  await playersBansNotesService.openAppeal(
    db,
    {
      userId: member.id,
      sessionId: null,
      via: 'session',
      permissions: { codes: MEMBER_CODES, flags: '', immunityLevel: 0 },
    },
    {
      banId: gag.id,
      statement: 'That was my little brother on my account. I have changed my password; sorry for the noise.',
    },
    member,
  );
  // Two reports of one player (from the site and from in game): one row of the reports queue.
  const suspect = population[2] as SimPlayer;
  const witness = population[3] as SimPlayer;
  await playersBansNotesService.fileReport(db, {
    source: 'web',
    reporter: { id: member.id, steamid: accounts.member.steamId, name: member.name },
    target: suspect.steamid,
    targetName: suspect.name,
    reason: 'Cheating',
    details: 'Every shot a headshot through smoke on de_dust2, round after round.',
    evidence: [],
    serverId: 'cs2-dust2',
  });
  await playersBansNotesService.fileReport(db, {
    source: 'game',
    reporter: { id: null, steamid: witness.steamid, name: witness.name },
    target: suspect.steamid,
    targetName: suspect.name,
    reason: 'Cheating',
    details: 'wallhack',
    evidence: [],
    serverId: 'cs2-dust2',
  });

  await sharesAddonsService.createShare(
    db,
    { name: 'Custom campaigns', game: 'l4d2', quotaBytes: 2 * 1024 ** 3, groupIds: ['l4d2-coop'] },
    owner,
  );
  const thread = await discussEventsService.createThread(
    db,
    {
      title: 'Versus night on Friday?',
      body: 'Who is up for **versus** on Friday evening? We could fill both L4D2 servers.',
      category: 'general',
    },
    member,
  );
  await discussEventsService.replyToThread(db, thread, 'Count me in. I will pin this.', {
    id: accounts.moderator.userId,
    name: accounts.moderator.name,
  });
  // Next Friday, 19:00 UTC, for three hours on the versus server.
  const friday = new Date();
  friday.setUTCDate(friday.getUTCDate() + ((5 - friday.getUTCDay() + 7) % 7 || 7));
  friday.setUTCHours(19, 0, 0, 0);
  const startsAt = Math.floor(friday.getTime() / 1000);
  await discussEventsService.createEvent(
    db,
    {
      title: 'Versus night',
      description: 'Four against four on **L4D2 Versus #1**. Say whether you come, so we can make teams.',
      startsAt,
      endsAt: startsAt + 3 * 3600,
      groupId: 'l4d2-coop',
      serverId: 'l4d2-versus-1',
      capacity: 8,
    },
    moderator,
  );
  await metaService.writeSetting(db, 'notice', {
    enabled: true,
    text: 'Welcome to the **Outpost demo**. Sign in with one of the demo accounts and click around: nothing here is real.',
    class: 'is-info',
  });
  return { accounts, tokens, bannedSteamIds: [cheater.steamid, griefer.steamid] };
}

/**
 * A few days of past sessions and chat on every Source server, posted by the simulated plugin
 * through the plugin API with their original timestamps, so players and the log have a history.
 */
export async function backfillHistory(
  plugins: { serverId: string; plugin: PluginClient }[],
  players: SimPlayer[],
  random: () => number,
): Promise<number> {
  const now = Math.floor(Date.now() / 1000);
  let posted = 0;
  for (const { plugin } of plugins) {
    const events: NewGameEvent[] = [];
    for (let session = 0; session < 14; session++) {
      const player = players[Math.floor(random() * players.length)] as SimPlayer;
      const start = now - Math.floor(random() * 3 * 86400) - 3600;
      const length = 300 + Math.floor(random() * 3000);
      events.push({ type: 'connect', steamid: player.steamid, name: player.name, ip: player.ip, timestamp: start });
      events.push({
        type: 'chat',
        steamid: player.steamid,
        name: player.name,
        message: CHAT_LINES[Math.floor(random() * CHAT_LINES.length)] as string,
        team: false,
        timestamp: start + 60,
      });
      events.push({ type: 'disconnect', steamid: player.steamid, name: player.name, timestamp: start + length });
    }
    // Oldest first, as a plugin would have sent them.
    events.sort((a, b) => (a.timestamp ?? 0) - (b.timestamp ?? 0));
    posted += await plugin.post(events);
  }
  return posted;
}
