import { parseSteamId, steamIdForms } from '@outpost/contracts';
import type { Kysely } from 'kysely';
import { nowSeconds } from '../../lib/clock';
import type { Principal } from '../../lib/principal';
import { principalHas } from '../../plugins/authorization';
import { playersBansNotesService } from '../players-bans-notes';
import { serversService } from '../servers';
import type { DiscordTables } from './tables';

// The slash commands Outpost registers with Discord, and what each answers. A command runs
// as the Outpost account the Discord user linked, with that account's permissions: the same
// doors and checks as the web. Times go out as Discord's <t:…> markup, which every viewer's
// Discord shows in their own language and time zone.

/** Discord's option types and flags used here. */
const STRING_OPTION = 3;
export const EPHEMERAL = 64;

/** The definitions sent to Discord by the panel's "Register the commands" (PUT .../commands). */
export const COMMAND_DEFINITIONS = [
  {
    name: 'lookup',
    type: 1,
    description: 'Look a player up: active bans and comm blocks, notes you may read, last seen',
    options: [
      {
        name: 'player',
        type: STRING_OPTION,
        description: 'A Steam id in any form, a profile URL, or the start of a name',
        required: true,
        autocomplete: true,
        max_length: 200,
      },
    ],
  },
  { name: 'servers', type: 1, description: 'Live status of the community’s servers' },
] as const;

export type CommandName = (typeof COMMAND_DEFINITIONS)[number]['name'];

export interface CommandAnswer {
  content: string;
  /** Only the caller sees it (refusals, and lookups that may show staff-only notes). */
  ephemeral: boolean;
}

export interface CommandContext {
  db: Kysely<DiscordTables>;
  /** The linked Outpost account acting, or null when the Discord user linked none. */
  principal: Principal | null;
  publicUrl: string;
}

const DISCORD_MESSAGE_MAX = 2000;
/**
 * Discord's text has markdown: a player's name must not format, link or ping. Names never start
 * a line here (they follow "**", "• " or an emoji), so line-start marks (#, -, >) stay as typed.
 */
const escapeMarkdown = (text: string) => text.replace(/([\\*_~`|[\]()<@])/g, '\\$1').slice(0, 100);
const when = (seconds: number, style: 'R' | 'f' = 'R') => `<t:${Math.floor(seconds)}:${style}>`;

export const NOT_LINKED =
  'Your Discord account is not linked to an Outpost account. Sign in on the site, open User Settings → Linked accounts and link Discord, then try again.';

const refusal = (content: string): CommandAnswer => ({ content, ephemeral: true });

/** /lookup <player>: who it is, what holds them now, the notes the caller may read. */
async function lookup(context: CommandContext, input: string): Promise<CommandAnswer> {
  const { principal, db } = context;
  if (!principal) return refusal(NOT_LINKED);
  if (!principalHas(principal, 'players.view'))
    return refusal('Your Outpost account does not have the permission players.view, which /lookup needs.');
  const steamid = parseSteamId(input);
  const found = await playersBansNotesService.listPlayers(db, { q: steamid ?? input, limit: 6 });
  if (!steamid && found.players.length !== 1) {
    if (found.players.length === 0) return refusal(`No player is known by “${escapeMarkdown(input)}”.`);
    const names = found.players.slice(0, 5).map((player) => `• ${escapeMarkdown(player.name)} — \`${player.steamid}\``);
    return refusal(`Several players match “${escapeMarkdown(input)}”: pick one by Steam id.\n${names.join('\n')}`);
  }
  const id = steamid ?? found.players[0]?.steamid;
  if (!id) return refusal(`“${escapeMarkdown(input)}” is not a Steam id Outpost understands.`);
  const player = found.players.find((candidate) => candidate.steamid === id) ?? null;
  const forms = steamIdForms(id);
  const restrictions = await playersBansNotesService.activeRestrictions(db, { steamid: id }, nowSeconds());
  const notes = await playersBansNotesService.notesOfPlayer(db, id, principalHas(principal, 'notes.view-private'), 3);
  const lines = [
    `**${escapeMarkdown(player?.name ?? 'Never seen on our servers')}** — \`${forms.steam2}\` · \`${id}\``,
    player
      ? `Last seen ${when(player.lastSeen)} · first seen ${when(player.firstSeen, 'f')}`
      : 'Not seen on any server yet.',
    restrictions.length === 0
      ? 'No active ban or comm block.'
      : `Active: ${restrictions
          .map(
            (row) =>
              `${row.type} #${row.id} — ${escapeMarkdown(row.reason)} — ${
                row.expires_at === null ? 'permanent' : `ends ${when(Number(row.expires_at))}`
              }`,
          )
          .join('; ')}`,
    notes.length === 0
      ? 'No notes you may read.'
      : `Notes: ${notes.map((note) => `“${escapeMarkdown(note.body.replace(/\s+/g, ' ').slice(0, 120))}”`).join(' · ')}`,
    `Profile: ${context.publicUrl.replace(/\/+$/, '')}/admin/players/${id}`,
  ];
  return { content: lines.join('\n').slice(0, DISCORD_MESSAGE_MAX), ephemeral: true };
}

/** /servers: what the overview shows, as text. Public on the site, so open to everyone here too. */
async function servers(context: CommandContext): Promise<CommandAnswer> {
  const groups = await serversService.listGroupsWithServers(context.db);
  const lines: string[] = [];
  for (const group of groups) {
    if (group.servers.length === 0) continue;
    lines.push(`**${escapeMarkdown(group.name)}**`);
    for (const server of group.servers) {
      const data = server.status.data;
      lines.push(
        server.online && data
          ? `🟢 ${escapeMarkdown(server.name)} — ${data.playerCount ?? data.players.length}/${data.maxplayers}${data.map ? ` on ${escapeMarkdown(data.map)}` : ''} — \`connect ${server.host}:${server.port}\``
          : `🔴 ${escapeMarkdown(server.name)} — offline`,
      );
    }
  }
  const text = lines.length > 0 ? lines.join('\n') : 'No servers are listed yet.';
  const more = `\n…and more on ${context.publicUrl.replace(/\/+$/, '')}/`;
  return {
    content: text.length > DISCORD_MESSAGE_MAX ? text.slice(0, DISCORD_MESSAGE_MAX - more.length) + more : text,
    ephemeral: false,
  };
}

/** Runs one command; an unknown name (a command Discord still lists from an older registration) says so. */
export async function runCommand(
  context: CommandContext,
  name: string,
  options: ReadonlyMap<string, string>,
): Promise<CommandAnswer> {
  switch (name) {
    case 'lookup':
      return lookup(context, options.get('player') ?? '');
    case 'servers':
      return servers(context);
    default:
      return refusal(`Outpost has no /${escapeMarkdown(name)} command: register the commands again from the panel.`);
  }
}

/** Autocomplete for /lookup's player: recent players by name prefix (only for those who may look players up). */
export async function playerChoices(
  context: CommandContext,
  typed: string,
): Promise<{ name: string; value: string }[]> {
  if (!context.principal || !principalHas(context.principal, 'players.view')) return [];
  const found = await playersBansNotesService.listPlayers(context.db, { q: typed.trim() || undefined, limit: 10 });
  return found.players.map((player) => ({
    name: `${player.name} (${player.steamid})`.slice(0, 100),
    value: player.steamid,
  }));
}
